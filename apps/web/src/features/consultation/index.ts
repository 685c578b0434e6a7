/** What the member chose for the consultation request (spec 3 rdx-temas) and the physician labels the call shows too. */
export * from './consultation-request';
export * from './physician-labels';
