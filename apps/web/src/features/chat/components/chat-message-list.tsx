import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChatMessageDto, ChatParticipant } from '@puente/contracts';
import { TIMERS } from '@puente/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingMessage } from '../hooks/chat-state';
import { ChatMessageItem, type ChatBubble } from './chat-message-item';

export function toBubbles(messages: readonly ChatMessageDto[], pending: readonly PendingMessage[], participants: readonly ChatParticipant[], me: string | undefined): ChatBubble[] {
  const names = new Map(participants.map((p) => [p.identity, p.attributes.author]));
  return [
    ...messages.map((m) => ({
      key: m.sid,
      sid: m.sid,
      clientMessageId: m.clientMessageId,
      mine: m.author === me,
      authorName: names.get(m.author) ?? null,
      body: m.body,
      media: m.media,
      dateCreated: m.dateCreated,
      pending: false,
      viaEmail: m.source === 'email',
    })),
    ...pending.map((p) => ({ key: p.clientMessageId, sid: null, clientMessageId: p.clientMessageId, mine: true, authorName: null, body: p.body, media: null, dateCreated: p.createdAt, pending: true, viaEmail: false })),
  ];
}

/** The messages, scrolled to the newest after the spec's delay (spec 9: 500 ms). */
export function ChatMessageList({ bubbles, loaded = true }: { bubbles: ChatBubble[]; loaded?: boolean }) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const count = bubbles.length;
  useEffect(() => {
    const timer = setTimeout(() => end.current?.scrollIntoView?.({ block: 'end' }), TIMERS.chatScrollDelayMs);
    return () => clearTimeout(timer);
  }, [count]);
  return (
    <Box sx={{ flex: 1, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 1.5, p: 2, bgcolor: 'background.default' }} data-testid="chat-messages">
      {count === 0 && loaded ? (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
          {t('chat_empty')}
        </Typography>
      ) : null}
      {bubbles.map((b) => (
        <ChatMessageItem key={b.key} message={b} />
      ))}
      <div ref={end} />
    </Box>
  );
}
