import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';

interface FailureProps {
  /** Whether the part is wanted now: a failed part is tried again the next time it is. */
  when: boolean;
  onFailure?: () => void;
  children: ReactNode;
}

/**
 * What was needed and could not load (its chunk: offline before the service worker had it, as on a
 * first visit, or with no service worker at all) shows nothing instead of taking the whole app down
 * with it: the shell's dialogs sit outside any screen's error boundary, and the connection-error
 * dialog is needed precisely when the network is gone. The next time the part is wanted it is
 * rendered again (a browser keeps a failed module import for the page's life, so that usually fails
 * again, and `onFailure` is told again).
 */
class NothingOnFailure extends Component<FailureProps, { failed: boolean; when: boolean }> {
  override state = { failed: false, when: this.props.when };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: FailureProps, state: { failed: boolean; when: boolean }): { failed?: boolean; when: boolean } | null {
    if (props.when === state.when) return null;
    return props.when && state.failed ? { failed: false, when: true } : { when: props.when };
  }

  override componentDidCatch(error: unknown): void {
    console.error('a part loaded when needed could not load', error);
    this.props.onFailure?.();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Mounts `children` (a lazy component: a dialog, a sheet) the first time `when` is true and keeps
 * them mounted after (their closing transition, their state). Until then nothing of them renders,
 * so their code is fetched when first needed, not with the screen (issue 10, first load).
 * `onLoadFailed`: what to do instead when they cannot load (say what they would have said).
 */
export function OnceNeeded({ when, onLoadFailed, children }: { when: boolean; onLoadFailed?: () => void; children: ReactNode }) {
  const [needed, setNeeded] = useState(when);
  useEffect(() => {
    if (when) setNeeded(true);
  }, [when]);
  return needed || when ? (
    <NothingOnFailure when={when} onFailure={onLoadFailed}>
      <Suspense fallback={null}>{children}</Suspense>
    </NothingOnFailure>
  ) : null;
}
