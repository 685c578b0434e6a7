/** The app's public configuration and the release check (spec 7 GET configs, releases/verify): one query each (issue 9: out of lib/). */
export { fetchPublicConfig, publicConfigQueryOptions, usePublicConfig, useWorkingHours } from './api/get-public-config';
export { useReleaseCheck, verifyRelease } from './api/verify-release';
export { supportLink } from './support-link';
export { HelpDrawer } from './components/help-drawer';
