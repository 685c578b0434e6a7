import type { PublicConfig } from '@puente/contracts';
import { countryOfPhoneCode, helpChannelFor, type SupportedPhoneCode } from '@puente/domain';

/**
 * spec 9: help is by WhatsApp for non-US and by SMS for US, to the company phones from config
 * (whatsapp for the chat line, ohmd for the US SMS line).
 */
export const supportLink = (phones: PublicConfig['companyPhones'], phoneCode: SupportedPhoneCode | string, text?: string): string => {
  if (helpChannelFor(countryOfPhoneCode(phoneCode) ?? '') === 'sms') return `sms:${phones.ohmd}${text ? `?&body=${encodeURIComponent(text)}` : ''}`;
  return `https://wa.me/${phones.whatsapp.replace(/\D/g, '')}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
};
