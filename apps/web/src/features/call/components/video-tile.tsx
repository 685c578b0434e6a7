import PersonOutline from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';

/** One participant's video (or an avatar when their camera is off). */
export function VideoTile({
  stream,
  label,
  muted,
  mirrored,
  showVideo = true,
  testId,
  variant,
}: {
  stream: MediaStream | null;
  label: string;
  muted?: boolean;
  mirrored?: boolean;
  showVideo?: boolean;
  testId: string;
  variant: 'main' | 'strip';
}) {
  const ref = useRef<HTMLVideoElement | null>(null);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  // The picture plays muted (always allowed to autoplay); a remote voice plays in its own element.
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) {
      video.srcObject = stream;
      if (stream) void video.play().catch(() => undefined);
    }
    const audio = audioRef.current;
    if (audio && audio.srcObject !== stream) {
      audio.srcObject = stream;
      if (stream) void audio.play().catch(() => undefined);
    }
  }, [stream]);
  const main = variant === 'main';
  return (
    <Box
      data-testid={testId}
      sx={{
        position: 'relative',
        bgcolor: 'grey.900',
        borderRadius: main ? 4 : 2,
        overflow: 'hidden',
        width: main ? '100%' : 112,
        aspectRatio: main ? '3 / 4' : '3 / 4',
        maxHeight: main ? '62dvh' : undefined,
        flexShrink: 0,
        border: main ? 0 : 2,
        borderColor: 'common.white',
      }}
    >
      {muted ? null : <audio ref={audioRef} autoPlay />}
      <video
        ref={ref}
        autoPlay
        playsInline
        muted
        style={{ width: '100%', height: '100%', objectFit: 'cover', transform: mirrored ? 'scaleX(-1)' : undefined, display: showVideo && stream ? 'block' : 'none' }}
      />
      {!showVideo || !stream ? (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'grey.500' }}>
          <PersonOutline sx={{ fontSize: main ? 96 : 40 }} />
        </Box>
      ) : null}
      <Typography
        variant={main ? 'body2' : 'caption'}
        sx={{ position: 'absolute', left: main ? 16 : 8, bottom: main ? 16 : 8, px: 1, borderRadius: 1, bgcolor: 'rgba(0,0,0,0.55)', color: 'common.white', maxWidth: '90%', overflowWrap: 'anywhere' }}
      >
        {label}
      </Typography>
    </Box>
  );
}
