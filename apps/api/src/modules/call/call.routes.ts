import {
  channelParamsSchema,
  guestLinkSignInSchema,
  videoTokenQuerySchema,
  type ChannelChange,
  type GuestLinkResponse,
  type GuestLinkSession,
  type VideoTokenResponse,
} from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { safeFormat } from '@puente/domain';
import * as z from 'zod/mini';
import { parseWith, requireAuth } from '../../http';
import type { AuthContext } from '../auth/auth.service';
import type { CallCaller, CallService } from './call.service';

const appointmentParamsSchema = z.object({ id: safeFormat(z.uuid()) });
const caller = (auth: AuthContext): CallCaller => ({ userId: auth.user.id, scope: auth.user.sessionScope ?? null });

/** The call's REST endpoints (issue 5; spec 7 twilio/token is ours: /api/video/token). */
export function callRoutes(calls: CallService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/video/token', { config: { guest: true } }, async (request): Promise<VideoTokenResponse> => {
      const auth = requireAuth(request);
      const { roomName } = parseWith(videoTokenQuerySchema, request.query);
      return calls.videoToken(caller(auth), roomName);
    });

    app.patch('/api/appointments/:id/channel/:channel', { config: { guest: true } }, async (request): Promise<ChannelChange> => {
      const auth = requireAuth(request);
      const { id, channel } = parseWith(channelParamsSchema, request.params);
      return calls.switchChannel(caller(auth), id, channel);
    });

    app.post('/api/appointments/:id/rejoined', { config: { guest: true } }, async (request) => {
      const auth = requireAuth(request);
      const { id } = parseWith(appointmentParamsSchema, request.params);
      return calls.markRejoined(caller(auth), id);
    });

    app.post('/api/appointments/:id/guest-link', async (request): Promise<GuestLinkResponse> => {
      const auth = requireAuth(request);
      const { id } = parseWith(appointmentParamsSchema, request.params);
      return calls.issueGuestLink(auth.user, id);
    });

    app.post('/api/auth/guest-link', { config: { guest: true } }, async (request): Promise<GuestLinkSession> => {
      const input = parseWith(guestLinkSignInSchema, request.body);
      return calls.signInWithGuestLink(input);
    });
  };
}
