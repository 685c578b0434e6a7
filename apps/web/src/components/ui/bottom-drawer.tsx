import { lazy } from 'react';
import type { BottomDrawerProps } from './bottom-drawer-sheet';
import { OnceNeeded } from './once-needed';

const BottomDrawerSheet = lazy(() => import('./bottom-drawer-sheet').then((m) => ({ default: m.BottomDrawerSheet })));

/**
 * A sheet from the bottom (help, privacy, download the app, subtopics, the record's help, the store
 * subscription). Its code (MUI's drawer, modal, focus trap and slide) is fetched the first time one
 * opens, not with the screens that offer one (/login, /inicio: issue 10, first load); the service
 * worker has it precached by then on any visit after the first.
 */
export function BottomDrawer(props: BottomDrawerProps) {
  return (
    <OnceNeeded when={props.open}>
      <BottomDrawerSheet {...props} />
    </OnceNeeded>
  );
}
