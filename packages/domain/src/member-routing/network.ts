/** Network quality (spec 4): the level's quality, the connection strength sent to the server and the suggestions shown. */
import { assertNever } from '../appointment-machine';
import { NETWORK_QUALITY_LEVELS } from '../constants';
import type { ConnectionStrength } from '../enums';

export type NetworkQuality = 'good' | 'regular' | 'bad' | 'none';

/** Level 1 bad; 2 and 3 regular; 4 and 5 good; otherwise none. */
export const networkQuality = (level: number | null | undefined): NetworkQuality => {
  if (level === null || level === undefined) return 'none';
  const levels: Readonly<Record<Exclude<NetworkQuality, 'none'>, readonly number[]>> = NETWORK_QUALITY_LEVELS;
  return (Object.keys(levels) as Exclude<NetworkQuality, 'none'>[]).find((q) => levels[q].includes(level)) ?? 'none';
};

/** The value sent to PATCH appointments/{id}/connection-strength/{value}: 3 good, 2 regular, 1 bad. */
export const connectionStrengthFor = (q: NetworkQuality): ConnectionStrength | null => {
  switch (q) {
    case 'good':
      return 3;
    case 'regular':
      return 2;
    case 'bad':
      return 1;
    case 'none':
      return null;
    default:
      return assertNever(q);
  }
};

export type NetworkSuggestion = 'turn-camera-mic-on' | 'turn-camera-off' | 'audio-only' | 'turn-camera-and-mic-off' | 'chat-consultation';

/** spec 4: suggestions per quality (each auto-hides after 10 s). */
export const networkSuggestions = (q: NetworkQuality, ctx: { hasConversation: boolean }): NetworkSuggestion[] => {
  switch (q) {
    case 'good':
      return ['turn-camera-mic-on'];
    case 'regular':
      return ['turn-camera-off', 'audio-only'];
    case 'bad':
      return ctx.hasConversation ? ['turn-camera-and-mic-off', 'chat-consultation'] : ['turn-camera-and-mic-off'];
    case 'none':
      return [];
    default:
      return assertNever(q);
  }
};
