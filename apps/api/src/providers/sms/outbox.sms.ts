import type { Clock } from '../../lib/clock';
import type { OutboxRepository } from '../outbox.repository';
import type { SmsProvider } from './sms.provider';

/** Stores each SMS in the outbox table instead of sending it (development and tests). */
export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
  ) {}

  async send(message: { to: string; body: string }): Promise<void> {
    await this.outbox.insert({ channel: 'sms', to: message.to, body: message.body, createdAt: this.clock.now() });
  }
}
