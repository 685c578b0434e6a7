import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/logout with the guest's token (the finished screen logs out on load, spec 4). */
export const logoutGuest = async (sessionToken: string): Promise<void> => {
  await apiRequest('/api/auth/logout', { method: 'POST', body: {}, bearer: sessionToken });
};
