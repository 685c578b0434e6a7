import { adminOrganizationPageSchema, adminTopicTemplatesSchema, type AdminOrganizationListQuery, type AdminOrganizationPage, type AdminTopicTemplates } from '@puente/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

const toQuery = (q: Partial<AdminOrganizationListQuery>): string =>
  new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]]))).toString();

/** GET /api/admin/organizations: every organization, paged on the server, by name or code. */
export const getOrganizations = (q: Partial<AdminOrganizationListQuery>): Promise<AdminOrganizationPage> =>
  apiRequest(`/api/admin/organizations?${toQuery(q)}`, { schema: adminOrganizationPageSchema });

export const useOrganizationsPage = (q: Partial<AdminOrganizationListQuery>) =>
  useQuery({ queryKey: adminKeys.organizationsPage(q), queryFn: () => getOrganizations(q), placeholderData: keepPreviousData });

/** GET /api/admin/topic-templates: the templates an organization may use. */
export const getTopicTemplates = (): Promise<AdminTopicTemplates> => apiRequest('/api/admin/topic-templates', { schema: adminTopicTemplatesSchema });

export const useTopicTemplates = (enabled: boolean) => useQuery({ queryKey: adminKeys.topicTemplates(), queryFn: getTopicTemplates, enabled, staleTime: 5 * 60_000 });
