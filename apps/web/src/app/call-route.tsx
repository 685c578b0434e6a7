import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { CallScreen } from '@/features/call/components/call-screen';
import { ChatDrawer } from '@/features/chat';

// Only clinicians see the chart: members never download it.
const CallChart = lazy(() => import('./call-chart').then((m) => ({ default: m.CallChart })));

/**
 * /consulta/video-llamada and /call: the call screen with the consultation chat in its drawer slot
 * and, for the coach and the US doctor, the consultation's chart beside the video (issue 11).
 */
export function CallRoute() {
  return (
    <CallScreen
      renderChat={(props) => <ChatDrawer {...props} />}
      renderChart={({ appointmentId }) => (
        <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
          <CallChart appointmentId={appointmentId} />
        </Suspense>
      )}
    />
  );
}
