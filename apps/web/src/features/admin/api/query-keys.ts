import type { AdminOrganizationListQuery, StaffListQuery, UsageQuery } from '@puente/contracts';

export const adminKeys = {
  liveQueue: () => ['admin', 'live-queue'] as const,
  staff: () => ['admin', 'staff'] as const,
  staffPage: (q: Partial<StaffListQuery>) => ['admin', 'staff', q] as const,
  members: (query: string, page: number, pageSize: number) => ['admin', 'members', query, page, pageSize] as const,
  memberAudit: (id: string, page: number, pageSize: number) => ['admin', 'member-audit', id, page, pageSize] as const,
  memberLedger: (id: string) => ['admin', 'member-ledger', id] as const,
  usage: (q: UsageQuery) => ['admin', 'usage', q] as const,
  organizations: () => ['admin', 'organizations'] as const,
  organizationsPage: (q: Partial<AdminOrganizationListQuery>) => ['admin', 'organizations', q] as const,
  topicTemplates: () => ['admin', 'topic-templates'] as const,
};
