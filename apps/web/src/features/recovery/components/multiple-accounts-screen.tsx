import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { HelpDrawer } from '@/features/configs';
import { Screen } from '@/components/ui/screen';
import { ROUTES } from '@/lib/routes';
import { EntryHeader } from '@/components/ui/entry-header';

/** /login/multiple-accounts (spec 2, spec 8: ask for help by chat): back to /login and the help drawer. */
export function MultipleAccountsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <Screen testId="multiple-accounts-screen">
      <EntryHeader onHelp={() => setHelpOpen(true)} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('multiple_accounts_title')}
      </Typography>
      <Typography color="text.secondary">{t('multiple_accounts_body')}</Typography>
      <Button variant="contained" size="large" onClick={() => setHelpOpen(true)} data-testid="multiple-accounts-help">
        {t('multiple_accounts_help')}
      </Button>
      <Button variant="outlined" onClick={() => void navigate(ROUTES.login, { replace: true })} data-testid="multiple-accounts-back">
        {t('multiple_accounts_back')}
      </Button>
      <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Screen>
  );
}
