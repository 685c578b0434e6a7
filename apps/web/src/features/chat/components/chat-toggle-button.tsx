import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';

/** The chat button of a bottom bar, with the unread dot (test id chat-unread while set). */
export function ChatToggleButton({ unread, onClick }: { unread: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <IconButton aria-label={unread ? t('chat_open_unread') : t('chat_open')} onClick={onClick} data-testid="chat-open">
      <Badge color="secondary" variant="dot" invisible={!unread} slotProps={{ badge: { ...(unread ? { 'data-testid': 'chat-unread' } : {}) } as object }}>
        <ChatBubbleOutlineRounded />
      </Badge>
    </IconButton>
  );
}
