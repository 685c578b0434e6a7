import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/logout: ends the session on the server. */
export const logout = async (): Promise<void> => {
  await apiRequest('/api/auth/logout', { method: 'POST', body: {} });
};
