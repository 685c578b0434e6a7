/** Call errors (spec 8 "Call") and the link-to-consult entry and finished pages (spec 2). */
import { buildPath } from '../routes';
import { nav, type NavigateTo } from './navigate';

/**
 * A camera or microphone the browser could not open for a reason other than permission (by the name
 * of getUserMedia's error): none on the device ('missing'), or held by another app or failing
 * ('busy'). Null for anything else (a refused permission, the call's errors). Not in the spec, whose
 * error dialog would show the browser's own message, in English: callErrorRoute sends it to the
 * permission dialog with its own texts.
 */
export type MediaDeviceProblem = 'missing' | 'busy';
const MEDIA_DEVICE_PROBLEMS: Readonly<Record<string, MediaDeviceProblem>> = {
  NotFoundError: 'missing',
  DevicesNotFoundError: 'missing', // older Chrome
  OverconstrainedError: 'missing', // no device meets the constraints
  NotReadableError: 'busy',
  TrackStartError: 'busy', // older Chrome
  AbortError: 'busy',
};
export const mediaDeviceProblem = (name: string | null | undefined): MediaDeviceProblem | null => (name ? (MEDIA_DEVICE_PROBLEMS[name] ?? null) : null);

export type CallErrorRoute =
  | NavigateTo
  | { kind: 'dialog'; title: 'ERROR'; message: string; code?: number }
  | { kind: 'not-allowed-dialog' }
  | { kind: 'media-device-dialog'; problem: MediaDeviceProblem };

export const callErrorRoute = (err: { name?: string | null; message?: string | null; code?: number | null }): CallErrorRoute => {
  const message = err.message ?? '';
  if (err.name === 'NotAllowedError') return { kind: 'not-allowed-dialog' };
  const device = mediaDeviceProblem(err.name);
  if (device) return { kind: 'media-device-dialog', problem: device };
  if (message === 'Permission denied' || message === 'Permission dismissed' || message.includes('denied')) {
    return nav('/link-to-consult-permissions');
  }
  if (err.code === 53205) return nav('/link-to-consult-closed');
  const text = err.code === 20101 ? `${message}. Please make sure you are using the correct credentials.` : message;
  return err.code ? { kind: 'dialog', title: 'ERROR', message: text, code: err.code } : { kind: 'dialog', title: 'ERROR', message: text };
};

/** spec 2: link-to-consult entry. */
export const linkToConsultEntry = (q: {
  cameraDenied: boolean;
  error?: string | null;
  token?: string | null;
}): NavigateTo | { kind: 'join'; token: string; joinMethod: 'link' } => {
  if (q.cameraDenied) return nav('/link-to-consult-permissions');
  if (q.error) return nav('/link-to-consult-closed');
  if (q.token) return { kind: 'join', token: q.token, joinMethod: 'link' };
  return nav('/link-to-consult-closed');
};

/** spec 2: the finished screen button goes to /open or, for a partner session, the organization home page. */
export const linkFinishedButtonTarget = (ctx: { partnerSession: boolean; homePageUrl?: string | null }): string =>
  ctx.partnerSession && ctx.homePageUrl ? ctx.homePageUrl : buildPath('open');
