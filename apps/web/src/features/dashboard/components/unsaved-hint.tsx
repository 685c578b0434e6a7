import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Beside a Save button: what is on the screen is not saved yet (lib/drafts keeps it meanwhile). */
export function UnsavedHint({ unsaved, testId }: { unsaved: boolean; testId: string }) {
  const { t } = useTranslation();
  return unsaved ? (
    <Typography variant="body2" color="text.secondary" data-testid={testId}>
      {t('dashboard_unsaved')}
    </Typography>
  ) : null;
}
