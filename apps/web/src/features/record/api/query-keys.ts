/** Query keys of the member's record (history pages, one consultation). */
export const recordKeys = {
  all: ['record'] as const,
  history: () => [...recordKeys.all, 'history'] as const,
  detail: (appointmentId: string) => [...recordKeys.all, 'detail', appointmentId] as const,
};
