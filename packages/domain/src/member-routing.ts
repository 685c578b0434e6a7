/**
 * Where the member (and, for notices, the doctor) goes when an appointment changes: spec 000 §4
 * "Member routing on an appointment alert", "Cancel or end reasons on the member side",
 * "Waiting room and call", "History card", "Scheduled appointment card timing", "Network
 * quality", push actions and the info pages of §2. Every function is pure and returns a
 * descriptor; the web app performs it (navigate, show a modal, clear storage). Each seam is a
 * file of member-routing/; this file gathers their exports for the package's index.
 */
export type { NavigateTo } from './member-routing/navigate';
export * from './member-routing/alerts';
export * from './member-routing/end-reasons';
export * from './member-routing/info-pages';
export * from './member-routing/waiting-room';
export * from './member-routing/intake';
export * from './member-routing/notices';
export * from './member-routing/history';
export * from './member-routing/scheduled-card';
export * from './member-routing/network';
export * from './member-routing/call-errors';
