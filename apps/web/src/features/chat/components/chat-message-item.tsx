import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ChatMedia } from '@puente/contracts';
import { truncateFileName } from '@puente/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttachmentUrl } from '../api/get-attachment';
import { formatChatTime } from '../hooks/chat-state';

export interface ChatBubble {
  key: string;
  sid: string | null;
  clientMessageId: string | null;
  mine: boolean;
  authorName: string | null;
  body: string | null;
  media: ChatMedia | null;
  dateCreated: string;
  pending: boolean;
  /** Arrived as an email reply (email consultations). */
  viaEmail: boolean;
}

/** spec 8: a media load failure reads 'No se pudo cargar el contenido multimedia'. */
function ChatMediaView({ media }: { media: ChatMedia }) {
  const { t } = useTranslation();
  const { objectUrl, isError, isLoading } = useAttachmentUrl(media.url);
  const [broken, setBroken] = useState(false);
  const label = truncateFileName(media.fileName);
  if (isError || broken) {
    return (
      <Typography variant="body2" color="error" data-testid="chat-media-error">
        {t('chat_media_error')}
      </Typography>
    );
  }
  if (isLoading || !objectUrl) return <CircularProgress size={20} aria-label={t('chat_media_loading')} />;
  if (media.contentType.startsWith('image/')) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Box component="img" src={objectUrl} alt={label} onError={() => setBroken(true)} data-testid="chat-media-image" sx={{ maxWidth: '100%', maxHeight: 240, borderRadius: 2 }} />
        <Typography variant="caption" data-testid="chat-file-name" title={media.fileName}>
          {label}
        </Typography>
      </Box>
    );
  }
  return (
    <Link href={objectUrl} download={media.fileName} target="_blank" rel="noopener" sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="chat-media-file">
      <PictureAsPdfOutlined fontSize="small" />
      <span data-testid="chat-file-name" title={media.fileName}>
        {label}
      </span>
    </Link>
  );
}

/** One message: mine on the right, others on the left with their name; time 'h:mm a' (ES locale). */
export function ChatMessageItem({ message }: { message: ChatBubble }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="chat-message"
      data-sid={message.sid ?? ''}
      data-client-id={message.clientMessageId ?? ''}
      data-mine={message.mine ? 'true' : 'false'}
      data-pending={message.pending ? 'true' : 'false'}
      sx={{ alignSelf: message.mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
    >
      {!message.mine && message.authorName ? (
        <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
          {message.authorName}
        </Typography>
      ) : null}
      <Box sx={{ px: 1.5, py: 1, borderRadius: 2, bgcolor: message.mine ? 'primary.main' : 'background.paper', color: message.mine ? 'primary.contrastText' : 'text.primary', boxShadow: 1, opacity: message.pending ? 0.7 : 1 }}>
        {message.media ? <ChatMediaView media={message.media} /> : null}
        {message.body ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="chat-message-body">
            {message.body}
          </Typography>
        ) : null}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: message.mine ? 'right' : 'left', px: 1 }} data-testid="chat-message-time">
        {message.pending ? t('chat_pending') : formatChatTime(message.dateCreated)}
        {message.viaEmail ? <span data-testid="chat-via-email">{` · ${t('chat_via_email')}`}</span> : null}
      </Typography>
    </Box>
  );
}
