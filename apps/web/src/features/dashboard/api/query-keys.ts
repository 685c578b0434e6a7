/** Query keys of the physician dashboard; realtime alerts invalidate them. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  queue: () => ['dashboard', 'queue'] as const,
  current: () => ['dashboard', 'current'] as const,
  mine: () => ['dashboard', 'mine'] as const,
  profile: () => ['dashboard', 'profile'] as const,
  history: (memberId: string) => ['dashboard', 'history', memberId] as const,
  member: (memberId: string) => ['dashboard', 'member', memberId] as const,
  note: (appointmentId: string, templateId: string | null) => ['dashboard', 'note', appointmentId, templateId] as const,
};
