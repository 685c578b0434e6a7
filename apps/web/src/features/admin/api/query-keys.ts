export const adminKeys = {
  liveQueue: () => ['admin', 'live-queue'] as const,
};
