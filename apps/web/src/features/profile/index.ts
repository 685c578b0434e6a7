/** The signed-in member's record (spec 7 getMember / updateMember) and what other features read of it (issue 9: out of lib/). */
export * from './api/get-member';
export * from './api/update-member';
export * from './api/get-country-states';
export * from './member-profile';
export * from './organization-flags';
export { StaffFrame, type StaffFrameProps } from './components/staff-frame';
export * from './api/get-organization';
export { HealthProfileCard, HealthProfileDialog, healthProfileLines, healthProfileTexts, needsHealthProfile } from './components/health-profile';
