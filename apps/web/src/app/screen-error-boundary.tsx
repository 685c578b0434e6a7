import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '@/components/ui/screen';

/**
 * What shows in place of a screen that could not load its code (offline, or a deploy replaced the
 * chunk and the one reload main.tsx allows has been used) or failed to render: the reason in the
 * person's language and a way to try again (by default the page, loaded anew). The shell around it
 * (the bottom navigation, the dialogs) stays usable.
 */
export function ScreenError({ offline, onRetry = () => window.location.reload() }: { offline: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Screen testId="screen-error">
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        {/* The page's one heading (the screen that failed had it), and announced at once. */}
        <Box role="alert">
          <Typography variant="body1" component="h1">
            {t(offline ? 'error_network' : 'error_unknown_error')}
          </Typography>
        </Box>
        <Button variant="contained" onClick={onRetry} data-testid="screen-error-retry">
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
export class ScreenErrorBoundary extends Component<{ at: string; children: ReactNode }, { failed: boolean; at: string }> {
  override state = { failed: false, at: this.props.at };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { at: string }, state: { at: string }): { failed: boolean; at: string } | null {
    return props.at === state.at ? null : { failed: false, at: props.at };
  }

  override render(): ReactNode {
    return this.state.failed ? <ScreenError offline={!navigator.onLine} /> : this.props.children;
  }
}
