import DirectionsOutlined from '@mui/icons-material/DirectionsOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MedicalRecordDto } from '@puente/contracts';
import { PHARMACY_MAP } from '@puente/domain';
import { Map as PigeonMap, Marker } from 'pigeon-maps';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/features/configs';

type Pharmacy = NonNullable<MedicalRecordDto['pharmacy']>;

const addressLines = (p: Pharmacy): string[] =>
  [p.pharmAddressLine1, p.pharmAddressLine2, [p.pharmCity, [p.pharmState, p.pharmZip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter((l): l is string => !!l);

/** The external maps link: by coordinates when known, else by name and address. */
export const externalMapsUrl = (p: Pharmacy): string => {
  const query = p.pharmLatitude != null && p.pharmLongitude != null ? `${p.pharmLatitude},${p.pharmLongitude}` : [p.pharmStoreName, ...addressLines(p)].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
};

/** The tile address of pigeon-maps from the configured template (https://host/{z}/{x}/{y}.png). */
const tileProvider = (template: string) => (x: number, y: number, z: number): string =>
  template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));

/**
 * The Pharmacy tab (spec 2, spec 9): the map at zoom 15, 158 px high, when tiles are configured and
 * the pharmacy has coordinates; always the address card, the external maps link and the tel link.
 */
export function PharmacyTab({ pharmacy }: { pharmacy: Pharmacy }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const tiles = config.data?.mapTileUrl ?? null;
  const position: [number, number] | null = pharmacy.pharmLatitude != null && pharmacy.pharmLongitude != null ? [pharmacy.pharmLatitude, pharmacy.pharmLongitude] : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="record-pharmacy">
      {tiles && position ? (
        <Box style={{ height: PHARMACY_MAP.heightPx }} sx={{ borderRadius: 1, overflow: 'hidden' }} data-testid="pharmacy-map" aria-label={t('record_pharmacy_map')} role="img">
          <PigeonMap height={PHARMACY_MAP.heightPx} defaultCenter={position} defaultZoom={PHARMACY_MAP.zoom} provider={tileProvider(tiles)} attribution={false} mouseEvents={false} touchEvents={false}>
            <Marker anchor={position} width={40} />
          </PigeonMap>
        </Box>
      ) : null}
      <Paper elevation={0} sx={{ p: 2, border: 1, borderColor: 'divider' }} data-testid="pharmacy-address">
        <Typography sx={{ fontWeight: 700 }}>{pharmacy.pharmStoreName ?? t('record_pharmacy')}</Typography>
        {addressLines(pharmacy).map((line) => (
          <Typography key={line} color="text.secondary">
            {line}
          </Typography>
        ))}
      </Paper>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<DirectionsOutlined />} href={externalMapsUrl(pharmacy)} target="_blank" rel="noopener noreferrer" data-testid="pharmacy-maps-link">
          {t('record_pharmacy_directions')}
        </Button>
        {pharmacy.pharmPhone ? (
          <Button variant="outlined" startIcon={<PhoneOutlined />} href={`tel:${pharmacy.pharmPhone.replace(/[^\d+]/g, '')}`} data-testid="pharmacy-tel-link">
            {t('record_pharmacy_call')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
