/** Network quality (spec 4): the level's quality, the connection strength sent to the server and the suggestions shown. */
import { assertNever } from '../appointment-machine';
import { channelMedia } from '../call';
import { NETWORK_QUALITY_LEVELS } from '../constants';
import type { Channel, ConnectionStrength } from '../enums';

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

/**
 * The suggestions that ask for something not done yet, for the call as it is now: a good connection
 * said "you can turn your camera and microphone on" to someone whose camera and microphone were on
 * (the clinician's view read so through the whole escalation), and a camera that is off needs no
 * "turn your camera off". In an audio call there is no camera to turn on or off, nor audio to switch
 * to; in a chat, no media at all.
 */
export const applicableSuggestions = (suggestions: readonly NetworkSuggestion[], media: { channel: Channel; camera: boolean; microphone: boolean }): NetworkSuggestion[] => {
  const { video, audio } = channelMedia(media.channel);
  return suggestions.filter((s) => {
    switch (s) {
      case 'turn-camera-mic-on':
        return video && !(media.camera && media.microphone);
      case 'turn-camera-off':
        return video && media.camera;
      case 'audio-only':
        return video;
      case 'turn-camera-and-mic-off':
        return audio && (media.microphone || (video && media.camera));
      case 'chat-consultation':
        return audio;
      default:
        return assertNever(s);
    }
  });
};
