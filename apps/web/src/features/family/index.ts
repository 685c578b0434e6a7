/** Family plans (issue 15): the dependants screens and the texted invitation's acceptance. */
export { useFamilyInvitation } from './hooks/use-family-invitation';
