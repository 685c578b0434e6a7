import { CALL_PATHS, videoTokenResponseSchema, type VideoTokenResponse } from '@puente/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/video/token?roomName= (spec 7 twilio/token): the ICE servers for this appointment's call. */
export const getVideoToken = (appointmentId: string): Promise<VideoTokenResponse> =>
  apiRequest(`${CALL_PATHS.videoToken}?roomName=${encodeURIComponent(appointmentId)}`, { schema: videoTokenResponseSchema });
