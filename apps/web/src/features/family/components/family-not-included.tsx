import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@/lib/api-client';

/**
 * The server's answer to a family call from a member whose plan has no family places, or who is a
 * dependant herself (NOT_FOUND): the profile offers no way to the family screens then, but a link,
 * the browser's history or a plan that changed can.
 */
export const isFamilyNotIncluded = (error: unknown): boolean => isApiRequestError(error) && error.code === 'NOT_FOUND';

/** What the family screens say instead of a list or a form that cannot work. */
export function FamilyNotIncluded() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" data-testid="dependants-not-included">
      {t('dependants_not_included')}
    </Alert>
  );
}
