import type { OutboxMessageDto } from '@puente/contracts';
import type { OutboxRow } from '../../db/schema';

export const presentOutboxMessage = (row: OutboxRow): OutboxMessageDto => ({
  id: row.id,
  channel: row.channel,
  to: row.to,
  subject: row.subject,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});
