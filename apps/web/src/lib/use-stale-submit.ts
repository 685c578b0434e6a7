import { AUTH } from '@puente/domain';
import { useEffect, useState } from 'react';

/** spec 9: a submit button disabled while its request runs re-enables after 5 s if it went stale. */
export const useSubmitDisabled = (pending: boolean): boolean => {
  const [stale, setStale] = useState(false);
  useEffect(() => {
    if (!pending) {
      setStale(false);
      return undefined;
    }
    const timer = setTimeout(() => setStale(true), AUTH.staleSubmitReenableMs);
    return () => clearTimeout(timer);
  }, [pending]);
  return pending && !stale;
};
