import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * What was needed and could not load (its chunk: offline before the service worker had it, as on a
 * first visit, or with no service worker at all) shows nothing instead of taking the whole app down
 * with it: the shell's dialogs sit outside any screen's error boundary, and the connection-error
 * dialog is needed precisely when the network is gone. A browser keeps a failed module import for
 * the page's life, so it is not tried again; the next load of the page does.
 */
class NothingOnFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('a part loaded when needed could not load', error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

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
  return needed || when ? (
    <NothingOnFailure>
      <Suspense fallback={null}>{children}</Suspense>
    </NothingOnFailure>
  ) : null;
}
