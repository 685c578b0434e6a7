import { CallScreen } from '@/features/call/components/call-screen';
import { ChatDrawer } from '@/features/chat';

/** /consulta/video-llamada and /call: the call screen with the consultation chat in its drawer slot. */
export function CallRoute() {
  return <CallScreen renderChat={(props) => <ChatDrawer {...props} />} />;
}
