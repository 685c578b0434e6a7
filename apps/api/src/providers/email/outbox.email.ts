import type { Clock } from '../../lib/clock';
import type { OutboxRepository } from '../outbox.repository';
import type { EmailMessage, EmailProvider } from './email.provider';

export class OutboxEmailProvider implements EmailProvider {
  readonly name = 'outbox';
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    await this.outbox.insert({ channel: 'email', to: message.to, subject: message.subject, body: message.calendar ? `${message.body}\n\n--- invite.ics ---\n${message.calendar.content}` : message.body, createdAt: this.clock.now() });
  }
}
