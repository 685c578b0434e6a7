import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Beside a Save button: what is on the screen is not saved yet (lib/drafts keeps it meanwhile, so
 * it stays until saved or, after confirming, discarded).
 */
export function UnsavedHint({ unsaved, testId, onDiscard }: { unsaved: boolean; testId: string; onDiscard: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!unsaved) return null;
  return (
    <>
      <Typography variant="body2" color="text.secondary" data-testid={testId}>
        {t('dashboard_unsaved')}
      </Typography>
      <Button color="inherit" onClick={() => setAsking(true)} data-testid={`${testId}-discard`}>
        {t('dashboard_discard')}
      </Button>
      <ConfirmDialog
        open={asking}
        testId={`${testId}-discard-dialog`}
        title={t('dashboard_discard_title')}
        body={t('dashboard_discard_body')}
        confirmLabel={t('dashboard_discard')}
        onConfirm={() => {
          setAsking(false);
          onDiscard();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
