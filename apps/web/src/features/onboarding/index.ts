/** What other features use of onboarding: the US zip-code lookup (spec 5: a zip fills state and city). */
export { lookupZipCode, useZipCodeLookup } from './api/lookup-zip-code';
