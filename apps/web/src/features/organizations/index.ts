/** Organizations and partners (issue 15): employer codes, a member's organization and site, the partner theme. */
export { EmployerCodeEntry, RegisterEmployerCodeScreen, RegisterEmployerCodeSuccessScreen } from './components/register-employer-code-screens';
export {
  CancelOrganizationMembershipScreen,
  ChangeOrganizationScreen,
  ChangeOrganizationSiteScreen,
  OrganizationRegistrationScreen,
  OrganizationRegistrationSuccessScreen,
} from './components/organization-member-screens';
export { PartnerThemeProvider, createPartnerTheme } from './components/partner-theme';
export { useThemeConfig } from './api/get-theme-config';
