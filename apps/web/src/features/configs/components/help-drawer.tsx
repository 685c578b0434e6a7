import { COUNTRY_LABEL_KEYS } from '@/components/ui/phone-number-fields';
import { countryOfPhoneCode, helpChannelFor, PHONE, SUPPORTED_PHONE_CODES, type SupportedPhoneCode } from '@puente/domain';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../api/get-public-config';
import { supportLink } from '../support-link';
import { BottomDrawer } from '@/components/ui/bottom-drawer';
import { OutlinedNativeSelect } from '@/components/ui/outlined-fields';


/**
 * spec 2 / spec 9: the get-help drawer. A country selector (default US) chooses the channel:
 * WhatsApp outside the US, SMS in the US, to the company phones from GET /api/configs.
 */
export function HelpDrawer({ open, onClose, title, children }: { open: boolean; onClose: () => void; title?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const [country, setCountry] = useState<SupportedPhoneCode>(PHONE.defaultHelpCountry === 'US' ? '1' : '52');
  const channel = helpChannelFor(countryOfPhoneCode(country) ?? '');
  const href = config.data ? supportLink(config.data.companyPhones, country, t('help_drawer_message')) : undefined;
  return (
    <BottomDrawer open={open} onClose={onClose} title={title ?? t('help_drawer_title')} testId="help-drawer">
      {children ?? <Typography color="text.secondary">{t('help_drawer_body')}</Typography>}
      <OutlinedNativeSelect label={t('help_drawer_country')} value={country} onChange={(e) => setCountry(e.target.value as SupportedPhoneCode)} htmlSelect={{ 'data-testid': 'help-country' }}>
        {SUPPORTED_PHONE_CODES.map((code) => (
          <option key={code} value={code}>
            {t(COUNTRY_LABEL_KEYS[code])}
          </option>
        ))}
      </OutlinedNativeSelect>
      <Button
        variant="contained"
        color="secondary"
        href={href ?? '#'}
        disabled={!href}
        target={channel === 'sms' ? undefined : '_blank'}
        rel="noopener noreferrer"
        data-testid="help-contact"
        data-channel={channel}
      >
        {channel === 'sms' ? t('help_drawer_sms') : t('help_drawer_whatsapp')}
      </Button>
    </BottomDrawer>
  );
}
