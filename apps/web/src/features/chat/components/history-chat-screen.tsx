import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ChatMessageDto } from '@puente/contracts';
import { buildPath } from '@puente/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { useMember } from '@/features/profile';
import { fetchConversation, useConversation } from '../api/get-conversation';
import { mergeMessages } from '../hooks/chat-state';
import { ChatMessageList, toBubbles } from './chat-message-list';

/** The appointment whose chat to show: ?appointmentId= or router state { appointmentId }. */
export const historyChatAppointmentId = (search: URLSearchParams, state: unknown): string | null =>
  search.get('appointmentId') ?? ((state as { appointmentId?: unknown } | null)?.appointmentId as string | undefined) ?? null;

/** /consulta/historial/historial-chat: a past consultation's chat, read only (spec 2). */
export function HistoryChatScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const location = useLocation();
  const appointmentId = historyChatAppointmentId(search, location.state);
  const me = useMember().data?.id;
  // The conversation has the appointment's id.
  const conversation = useConversation(appointmentId ?? undefined);
  const failed = !appointmentId || conversation.isError;
  // Older pages, fetched on demand (the first page is the newest).
  const [older, setOlder] = useState<{ messages: ChatMessageDto[]; hasMore: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const messages = mergeMessages(older?.messages ?? [], conversation.data?.messages ?? []);
  const hasMore = older ? older.hasMore : (conversation.data?.hasMore ?? false);
  const handleLoadOlder = async () => {
    if (!appointmentId || messages.length === 0) return;
    setLoadingOlder(true);
    try {
      const page = await fetchConversation(appointmentId, { before: messages[0]!.index });
      setOlder({ messages: mergeMessages(older?.messages ?? [], page.messages), hasMore: page.hasMore });
    } finally {
      setLoadingOlder(false);
    }
  };
  return (
    <Screen testId="history-chat-screen">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton aria-label={t('chat_back')} onClick={() => void navigate(appointmentId ? buildPath('historyDetail', { id: appointmentId }) : buildPath('history'))}>
          <ArrowBackRounded />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('chat_history_title')}
        </Typography>
      </Box>
      {failed ? <Alert severity="warning">{t('chat_history_missing')}</Alert> : null}
      {!failed && !conversation.data ? <CircularProgress sx={{ alignSelf: 'center' }} aria-label={t('loading')} /> : null}
      {hasMore ? (
        <Button onClick={() => void handleLoadOlder()} disabled={loadingOlder} data-testid="chat-load-older">
          {t('chat_load_older')}
        </Button>
      ) : null}
      {conversation.data ? <ChatMessageList bubbles={toBubbles(messages, [], conversation.data.participants, me)} /> : null}
    </Screen>
  );
}
