import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { ATTACHMENT_TYPES, CHAT, shouldSendChatMessage, type AttachmentType } from '@puente/domain';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** spec 5: image or pdf only (the server checks the bytes again). */
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

/** The input (up to 5 rows, spec 9), the attachment type picker, attach and send. */
export function ChatComposer({ onSend, onFile, disabled, uploading }: { onSend: (text: string) => boolean; onFile: (file: File, type: AttachmentType) => void; disabled: boolean; uploading: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [type, setType] = useState<AttachmentType>('symptoms');
  const fileInput = useRef<HTMLInputElement>(null);

  const handleSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    if (onSend(text)) setText('');
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      handleSubmit();
    }
  };

  return (
    <Box component="form" onSubmit={handleSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <TextField
          select
          size="small"
          label={t('chat_attachment_type_label')}
          value={type}
          onChange={(e) => setType(e.target.value as AttachmentType)}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'chat-attachment-type' } }}
          sx={{ minWidth: 180 }}
        >
          {ATTACHMENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`chat_attachment_type_${value}`)}
            </option>
          ))}
        </TextField>
        <IconButton aria-label={t('chat_attach')} onClick={() => fileInput.current?.click()} disabled={disabled || uploading} data-testid="chat-attach">
          <AttachFileOutlined />
        </IconButton>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="chat-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file, type);
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <TextField
          fullWidth
          multiline
          maxRows={CHAT.inputMaxRows}
          size="small"
          placeholder={t('chat_input_placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={handleKeyDown}
          slotProps={{ htmlInput: { 'data-testid': 'chat-input', 'aria-label': t('chat_input_placeholder') } }}
        />
        <IconButton type="submit" color="primary" aria-label={t('chat_send')} disabled={disabled || !shouldSendChatMessage(text)} data-testid="chat-send">
          <SendRounded />
        </IconButton>
      </Box>
    </Box>
  );
}
