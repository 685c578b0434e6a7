import { CALL_LIMITS, connectionStrengthFor, networkQuality, networkSuggestions, TIMERS, type NetworkQuality, type NetworkSuggestion } from '@puente/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportConnectionStrength } from '../api/report-connection-strength';
import type { CallMesh } from '../lib/call-mesh';

/**
 * spec 4 "Network quality": measured from getStats, re-evaluated every 60 s, reported to the server
 * (connection strength) and turned into suggestions that hide after 10 s.
 */
export const useNetworkQuality = (input: { mesh: CallMesh | null; appointmentId: string | null; hasConversation: boolean; connected: boolean }) => {
  const { mesh, appointmentId, hasConversation, connected } = input;
  const [quality, setQuality] = useState<NetworkQuality>('none');
  const [suggestions, setSuggestions] = useState<NetworkSuggestion[]>([]);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const shown = useRef<NetworkQuality | null>(null);
  /** The evaluation under way: the next one starts after it, so the server keeps the latest measure. */
  const underWay = useRef<Promise<unknown>>(Promise.resolve());

  const measureAndReport = useCallback(async (): Promise<NetworkQuality> => {
    if (!mesh || !appointmentId) return 'none';
    const q = networkQuality(await mesh.networkLevel());
    setQuality(q);
    const value = connectionStrengthFor(q);
    if (value !== null) await reportConnectionStrength(appointmentId, value).catch((error: unknown) => console.warn('connection strength not reported', error));
    // Not in the spec: a suggestion shows when the quality changes, not again every minute.
    if (shown.current !== q) {
      shown.current = q;
      setSuggestions(networkSuggestions(q, { hasConversation }));
      if (hideTimer.current) clearTimeout(hideTimer.current);
      hideTimer.current = setTimeout(() => setSuggestions([]), TIMERS.networkSuggestionHideMs);
    }
    return q;
  }, [mesh, appointmentId, hasConversation]);

  // One at a time: two evaluations at once (the minute's and one asked for) could report their
  // measures in the wrong order, and a slow getStats would leave the older quality on the server.
  const evaluate = useCallback((): Promise<NetworkQuality> => {
    const next = underWay.current.then(measureAndReport);
    underWay.current = next.catch(() => undefined);
    return next;
  }, [measureAndReport]);

  useEffect(() => {
    if (!connected || !mesh) return undefined;
    const first = setTimeout(() => void evaluate(), CALL_LIMITS.firstNetworkCheckMs);
    const every = setInterval(() => void evaluate(), TIMERS.networkQualityCheckMs);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [connected, mesh, evaluate]);

  useEffect(() => () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
  }, []);

  return { quality, suggestions, evaluate, dismiss: () => setSuggestions([]) };
};
