import { rosterReportSchema, type RosterReportDto } from '@puente/contracts';
import type { RosterMode } from '@puente/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/organizations/{id}/roster?mode=: the CSV itself; the answer is the file's report. */
export const uploadRoster = (organizationId: string, mode: RosterMode, csv: string): Promise<RosterReportDto> =>
  apiRequest(`/api/admin/organizations/${encodeURIComponent(organizationId)}/roster?mode=${mode}`, { method: 'POST', body: csv, contentType: 'text/csv', schema: rosterReportSchema });

export const useUploadRoster = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, mode, csv }: { organizationId: string; mode: RosterMode; csv: string }) => uploadRoster(organizationId, mode, csv),
    // Members whose benefit ended are no longer counted.
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.organizations() }),
  });
};
