import { useCallback, useEffect, useRef, useState } from 'react';
import { callMediaConstraints } from '../lib/call-mesh';

export type MediaStatus = 'idle' | 'requesting' | 'granted' | 'failed';

/**
 * Step 1 of the prejoin (spec 2): camera and microphone permission through getUserMedia, with the
 * spec 9 constraints. The stream is the one the call sends; it is stopped when the screen goes.
 */
export const useLocalMedia = () => {
  const [status, setStatus] = useState<MediaStatus>('idle');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<{ name: string; message: string } | null>(null);
  const ref = useRef<MediaStream | null>(null);

  const request = useCallback(async (): Promise<MediaStream | null> => {
    if (ref.current) return ref.current;
    setStatus('requesting');
    setError(null);
    try {
      const media = await navigator.mediaDevices.getUserMedia(callMediaConstraints('user'));
      ref.current = media;
      setStream(media);
      setStatus('granted');
      return media;
    } catch (cause) {
      const e = cause as { name?: string; message?: string };
      setError({ name: e.name ?? 'Error', message: e.message ?? String(cause) });
      setStatus('failed');
      return null;
    }
  }, []);

  useEffect(
    () => () => {
      ref.current?.getTracks().forEach((t) => t.stop());
      ref.current = null;
    },
    [],
  );

  return { status, stream, error, request };
};
