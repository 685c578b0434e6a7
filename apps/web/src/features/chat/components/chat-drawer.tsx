import CloseRounded from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useChat } from '../hooks/use-chat';
import { ChatComposer } from './chat-composer';
import { ChatMessageList, toBubbles } from './chat-message-list';

export interface ChatDrawerProps {
  appointmentId: string;
  open: boolean;
  onClose: () => void;
  /** spec 4: true when a message from someone else arrives while the drawer is closed. */
  onUnreadChange?: (unread: boolean) => void;
}

/**
 * The consultation chat (issue 5). It stays mounted while closed so messages keep arriving and
 * the unread flag works; the call screen opens it from its bottom bar.
 */
export function ChatDrawer({ appointmentId, open, onClose, onUnreadChange }: ChatDrawerProps) {
  const { t } = useTranslation();
  const chat = useChat(appointmentId, { open, onUnreadChange });
  // spec 4: loading while the connection is connecting, disconnecting, disconnected or denied.
  const loading = chat.connection !== 'connected' || chat.isLoading;
  // The open drawer is a dialog (MUI's sheet has role="dialog"), named by its title.
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      keepMounted
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 420 }, display: 'flex', flexDirection: 'column' } } }}
    >
      <Box data-testid="chat-drawer" data-connection={chat.connection} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
            {t('chat_title')}
          </Typography>
          <IconButton aria-label={t('chat_close')} onClick={onClose} data-testid="chat-close">
            <CloseRounded />
          </IconButton>
        </Box>
        {loading ? (
          <Box data-testid="chat-loading" role="status">
            <LinearProgress aria-label={chat.connection === 'denied' ? t('chat_denied') : t('chat_connecting')} />
            <Typography variant="caption" color="text.secondary" sx={{ px: 2 }}>
              {chat.connection === 'denied' ? t('chat_denied') : t('chat_connecting')}
            </Typography>
          </Box>
        ) : null}
        <ChatMessageList bubbles={toBubbles(chat.messages, chat.pending, chat.participants, chat.me)} loaded={chat.loaded} />
        {chat.error ? (
          <Alert severity="error" data-testid="chat-error" sx={{ mx: 1.5 }}>
            {t(chat.error)}
          </Alert>
        ) : null}
        <ChatComposer onSend={chat.send} onFile={(file, type) => void chat.sendFile(file, type)} disabled={!chat.conversationId} uploading={chat.uploading} />
      </Box>
    </Drawer>
  );
}
