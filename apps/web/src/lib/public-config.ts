import { publicConfigSchema, type PublicConfig } from '@puente/contracts';
import { CACHE_MS, type SupportedPhoneCode } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** GET /api/configs: working hours, company phones, countries, supported phone codes. */
export const fetchPublicConfig = (): Promise<PublicConfig> => apiRequest('/api/configs', { schema: publicConfigSchema, auth: false });

/** spec 9: configuration is cached 5 hours. Shared by help drawers and working-hours checks. */
export const usePublicConfig = () =>
  useQuery({ queryKey: ['public-config'], queryFn: fetchPublicConfig, staleTime: CACHE_MS.configuration, gcTime: CACHE_MS.configuration });

/**
 * spec 9: help is by WhatsApp for non-US and by SMS for US, to the company phones from config
 * (whatsapp for the chat line, ohmd for the US SMS line).
 */
export const supportLink = (phones: PublicConfig['companyPhones'], phoneCode: SupportedPhoneCode | string, text?: string): string => {
  if (phoneCode === '1') return `sms:${phones.ohmd}${text ? `?&body=${encodeURIComponent(text)}` : ''}`;
  return `https://wa.me/${phones.whatsapp.replace(/\D/g, '')}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
};
