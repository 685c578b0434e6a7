import { safeString } from '@puente/domain';
import * as z from 'zod/mini';

/** GET /api/health: answers without touching the database. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The answer of a call that only says it was done: { ok: true }. */
export const okResponseSchema = z.object({ ok: z.literal(true) });

/** POST /api/auth/logout (bearer): the session is revoked on the server. */
export const logoutResponseSchema = okResponseSchema;
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** GET /api/dev/outbox?to= (absent in production): every SMS and email "sent", newest first. */
export const outboxMessageSchema = z.object({
  id: safeString(),
  channel: z.enum(['sms', 'email']),
  to: safeString(),
  subject: z.nullable(safeString()),
  body: safeString(),
  createdAt: safeString(),
});
export type OutboxMessageDto = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
export const outboxQuerySchema = z.object({ to: z.optional(safeString().check(z.minLength(1))) });

// ---------------------------------------------------------------------------------------------
// Public configuration (spec 000 §3 "Public config"; GET /api/configs and /api/system/configs)

export const workingHoursSchema = z.object({
  timezone: safeString(),
  /** Daily intervals in the timezone, "HH:mm" 24-hour. */
  intervals: z.array(z.object({ starts: safeString(), ends: safeString() })),
  allowOnWeekend: z.boolean(),
  whitelistDomains: z.array(safeString()),
  whitelistEmails: z.array(safeString()),
});
export type WorkingHours = z.infer<typeof workingHoursSchema>;

export const publicConfigSchema = z.object({
  /** whatsapp: the chat line for members outside the US; ohmd: the SMS line for the US. Digits with +. */
  companyPhones: z.object({ whatsapp: safeString(), ohmd: safeString() }),
  countries: z.array(z.object({ label: safeString(), code: safeString() })),
  supportedPhoneCodes: z.array(z.object({ code: safeString(), label: safeString(), phoneCountryCode: safeString() })),
  workingHours: workingHoursSchema,
  /**
   * The mobile web redirect page and /open (spec 000 §2): iOS and Android browsers try the app's
   * deep link, then the store after 1250 ms (spec 001 §9); desktop browsers go to the marketing site.
   */
  appLinks: z.object({ deepLink: z.string(), iosStore: z.url(), androidStore: z.url(), marketingSite: z.url() }),
  /** The pharmacy map's tiles (MAP_TILE_URL, https://host/{z}/{x}/{y}.png); null = no map (issue 12). */
  mapTileUrl: z.optional(z.nullable(z.string())),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /api/releases/verify/{platform}/{version}. */
export const RELEASE_PLATFORMS = ['ios', 'android', 'web'] as const;
export type ReleasePlatform = (typeof RELEASE_PLATFORMS)[number];
export const releaseVerifyResponseSchema = z.object({
  status: z.enum(['no-update-required', 'update-required']),
  minimumVersion: safeString(),
  /** Where to get the new version: the store page, or the web app itself. */
  storeUrl: safeString(),
});
export type ReleaseVerifyResponse = z.infer<typeof releaseVerifyResponseSchema>;
