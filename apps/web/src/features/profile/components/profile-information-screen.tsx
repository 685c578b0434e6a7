import { formatPhoneForDisplay, TOAST } from '@puente/domain';
import ContentCopy from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Screen } from '@/components/ui/screen';
import { useMember } from '../api/get-member';
import { showToast } from '@/lib/toast';
import { AddressEditor } from './address-editor';
import { HealthProfileCard } from './health-profile';
import { ProfileHeader } from './profile-header';

/** /perfil/informacion: name, email (copyable), authentication method, phone (copyable), user id (copyable); each copy shows a toast. */
export function ProfileInformationScreen() {
  const { t } = useTranslation();
  const m = useMember().data;

  const handleCopy = async (what: 'email' | 'phone' | 'id', value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ variant: 'success', message: `profile_info_copied_${what}`, durationMs: TOAST.copyMs });
    } catch {
      showToast({ variant: 'warning', message: 'profile_info_copy_failed' });
    }
  };

  const name = [m?.firstName, m?.lastName].filter(Boolean).join(' ') || t('profile_info_not_set');
  const loginType = m?.loginType ? t(`profile_login_type_${m.loginType}`, { defaultValue: m.loginType }) : t('profile_info_not_set');
  const emailStatus = m?.email ? (m.emailVerifiedAt ? t('profile_info_email_verified') : t('profile_info_email_unverified')) : undefined;

  const rows: { key: string; label: string; value: string; secondary?: string; copy?: { what: 'email' | 'phone' | 'id'; value: string } }[] = [
    { key: 'name', label: t('profile_info_name'), value: name },
    { key: 'email', label: t('profile_info_email'), value: m?.email ?? t('profile_info_not_set'), secondary: emailStatus, copy: m?.email ? { what: 'email', value: m.email } : undefined },
    { key: 'login', label: t('profile_info_login_method'), value: loginType },
    { key: 'phone', label: t('profile_info_phone'), value: m?.phoneNumber ? formatPhoneForDisplay(m.phoneNumber) : t('profile_info_not_set'), copy: m?.phoneNumber ? { what: 'phone', value: m.phoneNumber } : undefined },
    { key: 'id', label: t('profile_info_user_id'), value: m?.id ?? '', copy: m?.id ? { what: 'id', value: m.id } : undefined },
  ];

  return (
    <Screen testId="profile-information-screen">
      <ProfileHeader title={t('profile_information')} />
      <Paper elevation={0}>
        <List disablePadding>
          {rows.map((r) => (
            <ListItem
              key={r.key}
              divider
              data-testid={`info-${r.key}`}
              secondaryAction={
                r.copy ? (
                  <IconButton edge="end" aria-label={t('profile_info_copy', { what: r.label })} onClick={() => void handleCopy(r.copy!.what, r.copy!.value)} data-testid={`copy-${r.key}`}>
                    <ContentCopy />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText
                primary={r.label}
                secondary={r.secondary ? `${r.value} · ${r.secondary}` : r.value}
                slotProps={{ primary: { variant: 'caption', color: 'text.secondary' }, secondary: { variant: 'body1', color: 'text.primary', sx: { overflowWrap: 'anywhere', pr: 4 } } }}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
      <AddressEditor />
      <HealthProfileCard />
    </Screen>
  );
}
