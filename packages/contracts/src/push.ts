/**
 * Push registration (spec 3 Push registration, spec 7 POST notifications/push/permissions): apart
 * from the member's record (./records.ts), as every signed-in screen registers for pushes and none
 * of them but the record's needs the record's shapes (issue 10, first load).
 */
import { PUSH_ACTIONS, safeString } from '@puente/domain';
import * as z from 'zod/mini';

/** A browser's Push API subscription (PushSubscription.toJSON()). */
export const webPushSubscriptionSchema = z.object({
  endpoint: z.url({ message: 'invalid_push_endpoint' }).check(z.maxLength(1000)),
  keys: z.object({ p256dh: safeString().check(z.minLength(1), z.maxLength(200)), auth: safeString().check(z.minLength(1), z.maxLength(100)) }),
});
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;
/** spec 7: mobileTokens, userId. On the web a token is the browser's push subscription. */
export const pushPermissionsInputSchema = z.object({
  userId: safeString().check(z.minLength(1)),
  mobileTokens: z.array(webPushSubscriptionSchema).check(z.minLength(1, { message: 'push_token_required' }), z.maxLength(5)),
});
export type PushPermissionsInput = z.infer<typeof pushPermissionsInputSchema>;
/** GET /api/notifications/push/public-key: the VAPID key a browser subscribes with (null: pushes are off). */
export const pushPublicKeySchema = z.object({ publicKey: z.nullable(safeString()) });
/** What a push carries: the action and ids only, never health data (a lock screen shows it). */
export const pushPayloadSchema = z.object({
  title: safeString(),
  body: safeString(),
  action: z.enum(PUSH_ACTIONS),
  appointmentId: z.nullable(safeString()),
  userId: safeString(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
