import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/logout: ends the session on the server. The local copy is already gone by now. */
export const logout = async (sessionToken: string): Promise<void> => {
  await apiRequest('/api/auth/logout', { method: 'POST', body: {}, bearer: sessionToken });
};
