import type { PushPayload } from '@puente/contracts';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** `gone`: the push service says the subscription no longer exists (404/410); it is forgotten. */
export type PushResult = 'sent' | 'gone' | 'failed';

/** Sends a push to one browser subscription. The log adapter is the working local default. */
export interface PushProvider {
  readonly name: string;
  /** The VAPID public key browsers subscribe with; null when pushes are not delivered to browsers. */
  readonly publicKey: string | null;
  send(target: PushTarget, payload: PushPayload): Promise<PushResult>;
}

/**
 * The local default: pushes are kept in memory (newest last, the last 200) and logged with ids
 * only, never delivered. Development and tests read them here.
 */
export class LogPushProvider implements PushProvider {
  readonly name = 'log';
  readonly publicKey = null;
  readonly sent: { endpoint: string; payload: PushPayload }[] = [];
  constructor(private readonly log?: { info(obj: object, msg: string): void }) {}

  send(target: PushTarget, payload: PushPayload): Promise<PushResult> {
    this.sent.push({ endpoint: target.endpoint, payload });
    if (this.sent.length > 200) this.sent.shift();
    this.log?.info({ action: payload.action, appointmentId: payload.appointmentId, userId: payload.userId }, 'push (log provider, not delivered)');
    return Promise.resolve('sent');
  }
}
