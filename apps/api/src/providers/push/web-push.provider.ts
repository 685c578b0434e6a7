import type { Agent } from 'node:https';
import { createRequire } from 'node:module';
import type { PushPayload } from '@puente/contracts';
import type WebPush from 'web-push';
import type { PushProvider, PushResult, PushTarget } from './push.provider';

// The library loads on first use: a node without Web Push configured does not carry it.
const requireCjs = createRequire(import.meta.url);
let loaded: typeof WebPush | undefined;
const webpush = (): typeof WebPush => (loaded ??= requireCjs('web-push') as typeof WebPush);

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services can reach (RFC 8292). */
  subject: string;
}

// Ours: a push that is not delivered within a day is of no use (the consultation has moved on).
const TTL_SECONDS = 24 * 3600;

/** Web Push with VAPID (RFC 8030/8291/8292) through the web-push library. */
export class WebPushProvider implements PushProvider {
  readonly name = 'web-push';
  readonly publicKey: string;
  /** `agent`: how to reach the push services (tests trust their local push service's certificate). */
  constructor(
    private readonly vapid: VapidKeys,
    private readonly options: { agent?: Agent } = {},
  ) {
    this.publicKey = vapid.publicKey;
  }

  static generateKeys(): { publicKey: string; privateKey: string } {
    return webpush().generateVAPIDKeys();
  }

  async send(target: PushTarget, payload: PushPayload): Promise<PushResult> {
    try {
      await webpush().sendNotification(target, JSON.stringify(payload), {
        vapidDetails: { subject: this.vapid.subject, publicKey: this.vapid.publicKey, privateKey: this.vapid.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'high',
        timeout: 10_000,
        ...(this.options.agent ? { agent: this.options.agent } : {}),
      });
      return 'sent';
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      return status === 404 || status === 410 ? 'gone' : 'failed';
    }
  }
}

/** PUSH_PROVIDER=web-push with VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT; default log. */
export const vapidFromEnv = (env: Record<string, string | undefined>): VapidKeys | undefined =>
  env.PUSH_PROVIDER === 'web-push' && env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
    ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT ?? 'mailto:soporte@puente.health' }
    : undefined;
