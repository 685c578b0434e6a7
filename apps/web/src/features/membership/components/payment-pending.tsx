import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Screen } from '@/components/ui/screen';

/** /payment-loading as the member sees it, for a subscription or a paid visit: a spinner and what it waits for. */
export function PaymentPending({ label }: { label: string }) {
  return (
    <Screen testId="payment-loading-screen">
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 3, mt: 10 }} role="status" aria-live="polite">
        <CircularProgress aria-label={label} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
          {label}
        </Typography>
      </Box>
    </Screen>
  );
}
