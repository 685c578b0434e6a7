/** The chat feature's public pieces: routes and the call screen compose these. */
export { ChatDrawer, type ChatDrawerProps } from './components/chat-drawer';
export { ChatToggleButton } from './components/chat-toggle-button';
export { HistoryChatScreen } from './components/history-chat-screen';
export { uploadAttachment } from './api/upload-attachment';
