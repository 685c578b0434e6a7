import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts `children` (a lazy component: a dialog, a sheet) the first time `when` is true and keeps
 * them mounted after (their closing transition, their state). Until then nothing of them renders,
 * so their code is fetched when first needed, not with the screen (issue 10, first load).
 */
export function OnceNeeded({ when, children }: { when: boolean; children: ReactNode }) {
  const [needed, setNeeded] = useState(when);
  useEffect(() => {
    if (when) setNeeded(true);
  }, [when]);
  return needed || when ? <Suspense fallback={null}>{children}</Suspense> : null;
}
