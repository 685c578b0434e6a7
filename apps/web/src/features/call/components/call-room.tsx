import CallEnd from '@mui/icons-material/CallEnd';
import CallOutlined from '@mui/icons-material/CallOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import CameraswitchOutlined from '@mui/icons-material/CameraswitchOutlined';
import MicOffOutlined from '@mui/icons-material/MicOffOutlined';
import MicOutlined from '@mui/icons-material/MicOutlined';
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { applicableSuggestions, cameraAudioMode, canToggleCamera, type CallRole, type Channel, type NetworkSuggestion } from '@puente/domain';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallMesh, CallMeshSnapshot, RemotePeer } from '../lib/call-mesh';
import { VideoTile } from './video-tile';

const ROLE_ORDER: Record<CallRole, number> = { 'us-physician': 0, 'mx-physician': 1, member: 2 };

/** The main participant: for the member the US doctor once there, else the coach; for a physician the member. */
export const mainPeer = (peers: readonly RemotePeer[], me: CallRole): RemotePeer | null => {
  const others = [...peers].sort((a, b) => (me === 'member' ? ROLE_ORDER[a.role] - ROLE_ORDER[b.role] : ROLE_ORDER[b.role] - ROLE_ORDER[a.role]));
  return others[0] ?? null;
};

const roleLabelKey = (role: CallRole): string => (role === 'member' ? 'vc_role_member' : role === 'mx-physician' ? 'vc_role_coach' : 'vc_role_us_doctor');

export interface CallRoomProps {
  mesh: CallMesh | null;
  snapshot: CallMeshSnapshot;
  me: CallRole;
  names: Partial<Record<CallRole, string>>;
  suggestions: NetworkSuggestion[];
  onSuggestion: (s: NetworkSuggestion) => void;
  onSwitchChannel: (channel: Channel) => void;
  onOpenChat: () => void;
  chatUnread?: boolean;
  extra?: ReactNode;
  /** issue 11: the hang-up button of the bar (the screen confirms where ending affects the others). */
  onHangUp?: () => void;
}

/**
 * The call (spec 2): main participant view, a side strip with the others and self, a bottom bar
 * (microphone, camera, flip camera, chat), the reconnecting banner and the network suggestions.
 */
export function CallRoom({ mesh, snapshot, me, names, suggestions, onSuggestion, onSwitchChannel, onOpenChat, chatUnread, extra, onHangUp }: CallRoomProps) {
  const { t } = useTranslation();
  const lastToggle = useRef<number | null>(null);
  const [flipping, setFlipping] = useState(false);
  const main = mainPeer(snapshot.peers, me);
  const strip = snapshot.peers.filter((p) => p.peerId !== main?.peerId);
  const videoOn = snapshot.channel === 'video-call';
  const mode = cameraAudioMode({ channel: snapshot.channel, camera: snapshot.camera, microphone: snapshot.microphone });
  const nameOf = (p: RemotePeer) => names[p.role] ?? t(roleLabelKey(p.role));

  // spec 5: camera toggling is throttled to one per second.
  const handleCamera = () => {
    const now = Date.now();
    if (!mesh || !canToggleCamera(lastToggle.current, now)) return;
    lastToggle.current = now;
    mesh.setCamera(!snapshot.camera);
  };
  const handleFlip = async () => {
    if (!mesh) return;
    setFlipping(true);
    try {
      await mesh.flipCamera();
    } catch (error) {
      console.warn('flip camera failed', error);
    } finally {
      setFlipping(false);
    }
  };

  return (
    <Box data-testid="call-room" data-room-state={snapshot.roomState} data-mode={mode} data-channel={snapshot.channel} data-peers={snapshot.peers.length} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {snapshot.roomState === 'reconnecting' ? (
        <Alert severity="warning" data-testid="call-reconnecting" sx={{ fontWeight: 700 }}>
          {t('vc_reconnecting')}
        </Alert>
      ) : null}
      <Stack spacing={1} data-testid="network-suggestions" aria-live="polite">
        {applicableSuggestions(suggestions, snapshot).map((s) => (
          <Alert
            key={s}
            severity="info"
            data-testid={`network-suggestion-${s}`}
            action={
              s === 'chat-consultation' || s === 'audio-only' ? (
                <Button color="inherit" size="small" onClick={() => onSuggestion(s)}>
                  {t('vc_suggestion_apply')}
                </Button>
              ) : undefined
            }
          >
            {t(`vc_suggestion_${s.replace(/-/g, '_')}`)}
          </Alert>
        ))}
      </Stack>
      <Box sx={{ position: 'relative' }}>
        {main ? (
          <MainTile peer={main} label={nameOf(main)} />
        ) : (
          <Box data-testid="call-waiting-peers" sx={{ bgcolor: 'grey.900', color: 'common.white', borderRadius: 4, aspectRatio: '3 / 4', maxHeight: '62dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3, textAlign: 'center' }}>
            <Typography>{me === 'member' ? t('vc_waiting_for_doctor') : t('vc_waiting_for_member')}</Typography>
          </Box>
        )}
        <Box data-testid="call-strip" sx={{ position: 'absolute', right: 8, top: 8, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {strip.map((p) => (
            <StripTile key={p.peerId} peer={p} label={nameOf(p)} />
          ))}
          <SelfTile mesh={mesh} label={t('vc_you')} showVideo={videoOn && snapshot.camera} mirrored={snapshot.facingMode === 'user'} />
        </Box>
      </Box>
      <Box data-testid="call-bottom-bar" sx={{ display: 'flex', justifyContent: 'center', gap: 1.5, py: 1, bgcolor: 'grey.900', borderRadius: 8 }}>
        <Tooltip title={snapshot.microphone ? t('vc_mic_off') : t('vc_mic_on')}>
          <span>
            <IconButton onClick={() => mesh?.setMicrophone(!snapshot.microphone)} disabled={!mesh || snapshot.channel === 'chat'} aria-pressed={!snapshot.microphone} aria-label={snapshot.microphone ? t('vc_mic_off') : t('vc_mic_on')} data-testid="call-toggle-mic" data-on={snapshot.microphone} sx={{ color: 'common.white' }}>
              {snapshot.microphone ? <MicOutlined /> : <MicOffOutlined />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={snapshot.camera ? t('vc_camera_off') : t('vc_camera_on')}>
          <span>
            <IconButton onClick={handleCamera} disabled={!mesh || !videoOn} aria-pressed={!snapshot.camera} aria-label={snapshot.camera ? t('vc_camera_off') : t('vc_camera_on')} data-testid="call-toggle-camera" data-on={snapshot.camera} sx={{ color: 'common.white' }}>
              {snapshot.camera ? <VideocamOutlined /> : <VideocamOffOutlined />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('vc_flip_camera')}>
          <span>
            <IconButton onClick={() => void handleFlip()} disabled={!mesh || !videoOn || flipping} aria-label={t('vc_flip_camera')} data-testid="call-flip-camera" sx={{ color: 'common.white' }}>
              <CameraswitchOutlined />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('vc_open_chat')}>
          <IconButton onClick={onOpenChat} aria-label={t('vc_open_chat')} data-testid="call-open-chat" data-unread={!!chatUnread} sx={{ color: 'common.white' }}>
            <Badge color="primary" variant="dot" invisible={!chatUnread}>
              <ChatOutlined />
            </Badge>
          </IconButton>
        </Tooltip>
        {onHangUp ? (
          <Tooltip title={t('vc_hang_up')}>
            <IconButton onClick={onHangUp} aria-label={t('vc_hang_up')} data-testid="call-hang-up" sx={{ color: 'common.white', bgcolor: 'error.dark', '&:hover': { bgcolor: 'error.main' } }}>
              <CallEnd />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }} data-testid="call-channels">
        {snapshot.channel !== 'video-call' ? (
          <Button size="small" variant="outlined" startIcon={<VideocamOutlined />} onClick={() => onSwitchChannel('video-call')} data-testid="call-channel-video">
            {t('vc_channel_video')}
          </Button>
        ) : null}
        {snapshot.channel !== 'phone-call' ? (
          <Button size="small" variant="outlined" startIcon={<CallOutlined />} onClick={() => onSwitchChannel('phone-call')} data-testid="call-channel-phone">
            {t('vc_channel_phone')}
          </Button>
        ) : null}
        {snapshot.channel !== 'chat' ? (
          <Button size="small" variant="outlined" startIcon={<ChatOutlined />} onClick={() => onSwitchChannel('chat')} data-testid="call-channel-chat">
            {t('vc_channel_chat')}
          </Button>
        ) : null}
      </Box>
      {extra}
    </Box>
  );
}

function MainTile({ peer, label }: { peer: RemotePeer; label: string }) {
  return <VideoTileLazy stream={peer.stream} label={label} testId="call-main" variant="main" peerId={peer.peerId} />;
}
function StripTile({ peer, label }: { peer: RemotePeer; label: string }) {
  return <VideoTileLazy stream={peer.stream} label={label} testId="call-strip-peer" variant="strip" peerId={peer.peerId} />;
}
function SelfTile({ mesh, label, showVideo, mirrored }: { mesh: CallMesh | null; label: string; showVideo: boolean; mirrored: boolean }) {
  return <VideoTileLazy stream={mesh?.local ?? null} label={label} testId="call-self" variant="strip" muted showVideo={showVideo} mirrored={mirrored} />;
}

function VideoTileLazy(props: { stream: MediaStream | null; label: string; testId: string; variant: 'main' | 'strip'; peerId?: string; muted?: boolean; showVideo?: boolean; mirrored?: boolean }) {
  const [, force] = useState(0);
  // A remote stream gains tracks after it is shown: re-render when one arrives.
  useEffect(() => {
    const s = props.stream;
    if (!s) return undefined;
    const onTrack = () => force((n) => n + 1);
    s.addEventListener('addtrack', onTrack);
    return () => s.removeEventListener('addtrack', onTrack);
  }, [props.stream]);
  return <VideoTile stream={props.stream} label={props.label} testId={props.testId} variant={props.variant} muted={props.muted} showVideo={props.showVideo} mirrored={props.mirrored} />;
}
