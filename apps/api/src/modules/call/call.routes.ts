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
import { safeString } from '@puente/domain';
import { z } from 'zod';
import { parseWith, requireAuth } from '../../http';
import type { CallService } from './call.service';

const appointmentParamsSchema = z.object({ id: safeString().uuid() });
const caller = (auth: { user: { id: string }; session: { id: string } }) => ({ userId: auth.user.id, sessionId: auth.session.id });

/** The call's REST endpoints (issue 5; spec 7 twilio/token is ours: /api/video/token). */
export function callRoutes(calls: CallService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/video/token', async (request): Promise<VideoTokenResponse> => {
      const auth = requireAuth(request);
      const { roomName } = parseWith(videoTokenQuerySchema, request.query);
      return calls.videoToken(caller(auth), roomName);
    });

    app.patch('/api/appointments/:id/channel/:channel', async (request): Promise<ChannelChange> => {
      const auth = requireAuth(request);
      const { id, channel } = parseWith(channelParamsSchema, request.params);
      return calls.switchChannel(caller(auth), id, channel);
    });

    app.post('/api/appointments/:id/rejoined', async (request) => {
      const auth = requireAuth(request);
      const { id } = parseWith(appointmentParamsSchema, request.params);
      return calls.markRejoined(caller(auth), id);
    });

    app.post('/api/appointments/:id/guest-link', async (request): Promise<GuestLinkResponse> => {
      const auth = requireAuth(request);
      const { id } = parseWith(appointmentParamsSchema, request.params);
      return calls.issueGuestLink(auth.user, auth.session.id, id);
    });

    app.post('/api/auth/guest-link', async (request): Promise<GuestLinkSession> => {
      const input = parseWith(guestLinkSignInSchema, request.body);
      return calls.signInWithGuestLink(input);
    });
  };
}
