import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '@/components/ui/screen';

/**
 * What shows in place of a screen that could not load its code (offline, or a deploy replaced the
 * chunk and the one reload main.tsx allows has been used) or failed to render: the reason in the
 * person's language and a way to try again (the page, loaded anew). The shell around it (the bottom
 * navigation, the dialogs) stays usable.
 */
function ScreenError({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  return (
    <Screen testId="screen-error">
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Typography role="alert">{t(offline ? 'error_network' : 'error_unknown_error')}</Typography>
        <Button variant="contained" onClick={() => window.location.reload()} data-testid="screen-error-retry">
          {t('screen_error_retry')}
        </Button>
      </Stack>
    </Screen>
  );
}

/**
 * The route's screen, or ScreenError once it has thrown, until the address changes (`at`): the next
 * screen gets a fresh start, while a screen that stays across addresses (the profile's steps) is not
 * remounted.
 */
export class ScreenErrorBoundary extends Component<{ at: string; children: ReactNode }, { failedAt: string | null }> {
  override state: { failedAt: string | null } = { failedAt: null };

  static getDerivedStateFromError(): { failedAt: string } {
    // The address is filled in by getDerivedStateFromProps, which runs on the re-render that follows.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: { at: string }, state: { failedAt: string | null }): { failedAt: string | null } | null {
    if (state.failedAt === '') return { failedAt: props.at };
    if (state.failedAt !== null && state.failedAt !== props.at) return { failedAt: null };
    return null;
  }

  override render(): ReactNode {
    return this.state.failedAt !== null ? <ScreenError offline={!navigator.onLine} /> : this.props.children;
  }
}
