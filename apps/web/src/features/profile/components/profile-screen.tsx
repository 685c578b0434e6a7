import type { ProfileMenu } from '@puente/domain';
import { invitationCodeEntryAction, ROUTES } from '@puente/domain';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import FamilyRestroomOutlined from '@mui/icons-material/FamilyRestroomOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import Logout from '@mui/icons-material/Logout';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import LocalPharmacyOutlined from '@mui/icons-material/LocalPharmacyOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { BottomDrawer } from '@/components/ui/bottom-drawer';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Screen } from '@/components/ui/screen';
import { useMember } from '../api/get-member';
import { useProfileMenu } from '../hooks/use-profile-menu';

interface Entry {
  key: keyof ProfileMenu;
  label: string;
  to: string;
  icon: ReactNode;
  secondary?: string;
  danger?: boolean;
  /** Opens something on the screen instead of following `to`. */
  onClick?: () => void;
}

function Section({ title, entries, testId }: { title: string; entries: Entry[]; testId: string }) {
  if (entries.length === 0) return null;
  return (
    <Box data-testid={testId}>
      <Typography variant="overline" color="text.secondary" sx={{ px: 1 }}>
        {title}
      </Typography>
      <Paper elevation={0} sx={{ overflow: 'hidden' }}>
        <List disablePadding>
          {entries.map((e) => (
            <ListItem key={e.key} disablePadding divider>
              <ListItemButton {...(e.onClick ? { onClick: e.onClick } : { component: RouterLink, to: e.to })} data-testid={`profile-entry-${e.key}`}>
                <ListItemIcon sx={{ minWidth: 40, color: e.danger ? 'error.main' : 'secondary.main' }}>{e.icon}</ListItemIcon>
                <ListItemText primary={e.label} secondary={e.secondary} slotProps={{ primary: { sx: { fontWeight: 600, color: e.danger ? 'error.main' : undefined } } }} />
                <ChevronRight color="action" />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </Box>
  );
}

/** /perfil: header, trial card, security and configuration sections, notifications, close session (spec 000 §2). */
export function ProfileScreen() {
  const { t, i18n } = useTranslation();
  const member = useMember();
  const menu = useProfileMenu(member.data);
  const m = member.data;
  const name = [m?.firstName, m?.lastName].filter(Boolean).join(' ');
  const initials = [m?.firstName?.[0], m?.lastName?.[0]].filter(Boolean).join('').toUpperCase();
  const language = (m?.preferredLang ?? i18n.language) === 'en' ? t('profile_language_en') : t('profile_language_es');

  const shown = (entries: Entry[]) => entries.filter((e) => menu[e.key]);
  // spec 2: with days left on a store plan, the invitation code entry first explains how to cancel it in the store.
  const [storeDrawerOpen, setStoreDrawerOpen] = useState(false);
  const sub = m?.subscription;
  const explainStore = invitationCodeEntryAction(sub ? { status: sub.status, daysLeft: sub.daysLeft ?? Number.POSITIVE_INFINITY, provider: sub.provider } : null) === 'explain-cancel-store-subscription';

  const security = shown([
    { key: 'changeLoginPhone', label: t('profile_change_login_phone'), to: ROUTES.changePhoneRecovery.path, icon: <PhoneIphoneOutlined /> },
    { key: 'deleteAccount', label: t('profile_delete_account'), to: ROUTES.deleteAccount.path, icon: <DeleteOutline />, danger: true },
    { key: 'contactSupport', label: t('profile_contact_support'), to: ROUTES.supportContact.path, icon: <SupportAgentOutlined /> },
    { key: 'reportProblem', label: t('profile_report_problem'), to: ROUTES.reportProblem.path, icon: <ReportProblemOutlined /> },
  ]);
  const configuration = shown([
    { key: 'profileInformation', label: t('profile_information'), to: ROUTES.profileInformation.path, icon: <PersonOutline /> },
    { key: 'pharmacy', label: t('profile_pharmacy'), to: ROUTES.profilePharmacy.path, icon: <LocalPharmacyOutlined /> },
    { key: 'changeLanguage', label: t('profile_change_language'), to: ROUTES.changeLanguage.path, icon: <LanguageOutlined />, secondary: language },
    { key: 'membership', label: t('profile_membership'), to: ROUTES.membership.path, icon: <CardMembershipOutlined /> },
    { key: 'myFamily', label: t('profile_my_family'), to: ROUTES.dependants.path, icon: <FamilyRestroomOutlined /> },
    { key: 'changeSite', label: t('profile_change_site'), to: ROUTES.changeOrganizationSite.path, icon: <PlaceOutlined /> },
    {
      key: 'invitationCode',
      label: t('profile_invitation_code'),
      to: ROUTES.organizationRegistration.path,
      icon: <VpnKeyOutlined />,
      onClick: explainStore ? () => setStoreDrawerOpen(true) : undefined,
    },
  ]);
  // Issue 15: her organization: change it (another employer code) or leave it.
  const organization = shown([
    { key: 'changeOrganization', label: t('profile_change_organization'), to: ROUTES.changeOrganization.path, icon: <SwapHorizOutlined /> },
    { key: 'leaveOrganization', label: t('profile_leave_organization'), to: ROUTES.cancelOrganizationMembership.path, icon: <LogoutOutlined />, danger: true },
  ]);
  const more = shown([
    { key: 'howItWorks', label: t('profile_how_it_works'), to: ROUTES.howItWorks.path, icon: <HelpOutline /> },
    { key: 'healthTips', label: t('profile_health_tips'), to: ROUTES.healthTips.path, icon: <LightbulbOutlined /> },
    { key: 'privacy', label: t('profile_privacy'), to: ROUTES.privacyNotice.path, icon: <PolicyOutlined /> },
    { key: 'privacyPractices', label: t('profile_privacy_practices'), to: ROUTES.privacyPractices.path, icon: <PolicyOutlined /> },
  ]);

  return (
    <Screen testId="profile-screen">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
        <Avatar sx={{ width: 64, height: 64, bgcolor: 'secondary.main', fontSize: 24, fontWeight: 700 }}>{initials || <BadgeOutlined />}</Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }} data-testid="profile-name">
            {name || t('profile_title')}
          </Typography>
          <Typography color="text.secondary" data-testid="profile-plan">
            {m?.organization ? t('profile_plan_organization', { name: m.organization.name }) : m?.subscription?.type === 'family' && m.subscription.endReason === null ? t('profile_plan_family') : t('profile_plan_individual')}
          </Typography>
        </Box>
      </Box>

      {menu.trialCard ? (
        <Paper elevation={0} sx={{ p: 2.5, bgcolor: 'secondary.main', color: 'secondary.contrastText' }} data-testid="profile-trial-card">
          <Typography sx={{ fontWeight: 700 }}>{t('profile_trial_title')}</Typography>
          <Button component={RouterLink} to={ROUTES.paywall.path} variant="contained" color="primary" sx={{ mt: 1.5 }}>
            {t('profile_trial_start')}
          </Button>
        </Paper>
      ) : null}

      <Section title={t('profile_section_security')} entries={security} testId="profile-section-security" />
      <Section title={t('profile_section_configuration')} entries={configuration} testId="profile-section-configuration" />
      {organization.length > 0 ? <Section title={t('profile_organization_section')} entries={organization} testId="profile-section-organization" /> : null}
      {menu.enableNotifications ? (
        <Section
          title={t('profile_section_notifications')}
          entries={[{ key: 'enableNotifications', label: t('profile_enable_notifications'), to: ROUTES.profileNotifications.path, icon: <NotificationsActiveOutlined /> }]}
          testId="profile-section-notifications"
        />
      ) : null}
      <Section title={t('profile_section_more')} entries={more} testId="profile-section-more" />

      {menu.closeSession ? (
        <Button component={RouterLink} to={ROUTES.logout.path} variant="outlined" color="inherit" size="large" startIcon={<Logout />} data-testid="profile-close-session">
          {t('profile_close_session')}
        </Button>
      ) : null}
      <BottomDrawer open={storeDrawerOpen} onClose={() => setStoreDrawerOpen(false)} title={t('profile_store_subscription_title')} testId="profile-store-subscription-drawer">
        <Typography>
          {t('profile_store_subscription_body', { store: sub?.provider === 'applestore' ? 'App Store' : 'Google Play' })}
        </Typography>
        <Button component={RouterLink} to={ROUTES.organizationRegistration.path} variant="contained" data-testid="profile-store-subscription-continue">
          {t('profile_store_subscription_continue')}
        </Button>
      </BottomDrawer>
    </Screen>
  );
}
