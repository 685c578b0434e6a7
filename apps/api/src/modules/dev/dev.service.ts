import type { OutboxResponse } from '@puente/contracts';
import type { OutboxRepository } from '../../providers/outbox.repository';
import { presentOutboxMessage } from './dev.presenter';

// Not in the spec: the dev outbox shows the latest 200 messages; enough for a demo or a test run.
const OUTBOX_LIMIT = 200;

export class DevService {
  constructor(private readonly outbox: OutboxRepository) {}

  async listOutbox(filter: { to?: string }): Promise<OutboxResponse> {
    const rows = await this.outbox.list({ to: filter.to, limit: OUTBOX_LIMIT });
    return { messages: rows.map(presentOutboxMessage) };
  }
}
