import { employerCodeOrganizationsSchema } from '@puente/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/employer-code/{code}/organizations (spec 7). spec 5: "Employer-code lookup returns
 * nothing on failure": any failure (unknown code, network, rate limit) reads as no organization.
 */
export const lookupEmployerCode = async (code: string): Promise<{ id: string; name: string; code: string } | null> => {
  try {
    const { organizations } = await apiRequest(`/api/employer-code/${encodeURIComponent(code)}/organizations`, { schema: employerCodeOrganizationsSchema, auth: false });
    return organizations[0] ?? null;
  } catch {
    return null;
  }
};
