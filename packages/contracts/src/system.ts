import { safeString } from '@puente/domain';
import { z } from 'zod';

/** GET /api/health: answers without touching the database. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** POST /api/auth/logout (bearer): the session is revoked on the server. */
export const logoutResponseSchema = z.object({ ok: z.literal(true) });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** GET /api/dev/outbox?to= (absent in production): every SMS and email "sent", newest first. */
export const outboxMessageSchema = z.object({
  id: safeString(),
  channel: z.enum(['sms', 'email']),
  to: safeString(),
  subject: safeString().nullable(),
  body: safeString(),
  createdAt: safeString(),
});
export type OutboxMessageDto = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
export const outboxQuerySchema = z.object({ to: safeString().min(1).optional() });
