import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { isApiRequestError } from '@/lib/api-client';
import { useChoosePharmacy } from '../api/choose-pharmacy';
import { useMyPharmacy } from '../api/get-my-pharmacy';
import { usePharmacySearch } from '../api/search-pharmacies';

const RADII = [2, 5, 10, 25] as const;

/**
 * The member chooses her pharmacy (spec 3 Pharmacy; issue 12): pharmacies near a zip code,
 * nearest first; the choice is remembered on her account and used for her prescriptions.
 */
export function PharmacyPicker({ appointmentId, initialZip }: { appointmentId?: string | null; initialZip?: string }) {
  const { t } = useTranslation();
  const mine = useMyPharmacy();
  const [zipInput, setZipInput] = useState(initialZip ?? '');
  const [zip, setZip] = useState<string | null>(initialZip && /^\d{5}$/.test(initialZip) ? initialZip : null);
  const [radius, setRadius] = useState<number>(5);
  const results = usePharmacySearch(zip, radius);
  const choose = useChoosePharmacy();
  const zipValid = /^\d{5}$/.test(zipInput.trim());
  // The server knows no such zip code: said under the field while it still holds that code.
  const refused = isApiRequestError(results.error) && zipInput.trim() === zip ? results.error.fields?.zip : undefined;
  const current = mine.data?.pharmacy;
  const resultsTitleId = useId();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="pharmacy-picker">
      {current ? (
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} data-testid="pharmacy-current">
          <Typography variant="overline" component="p">
            {t('pharmacy_current')}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{current.pharmStoreName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[current.pharmAddressLine1, current.pharmCity, current.pharmState, current.pharmZip].filter(Boolean).join(', ')}
          </Typography>
        </Paper>
      ) : (
        <Typography color="text.secondary">{t('pharmacy_none_yet')}</Typography>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (zipValid) setZip(zipInput.trim());
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label={t('pharmacy_zip')}
          value={zipInput}
          onChange={(e) => setZipInput(e.target.value.replace(/\D/g, '').slice(0, 5))}
          error={(zipInput.length > 0 && !zipValid) || refused !== undefined}
          helperText={zipInput.length > 0 && !zipValid ? t('pharmacy_zip_invalid') : refused ? t(refused) : undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'pharmacy-zip' } }}
        />
        <TextField select size="small" label={t('pharmacy_radius')} value={radius} onChange={(e) => setRadius(Number(e.target.value))} sx={{ minWidth: 120 }}>
          {RADII.map((r) => (
            <MenuItem key={r} value={r}>
              {t('pharmacy_radius_miles', { count: r })}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={!zipValid} data-testid="pharmacy-search">
          {t('pharmacy_search')}
        </Button>
      </Box>
      {results.isError && !refused ? <Alert severity="warning">{t('pharmacy_search_error')}</Alert> : null}
      {/* The list says which code it is for: it stays while another is typed, until that one is searched. */}
      {results.data && zip ? (
        results.data.pharmacies.length === 0 ? (
          <Typography color="text.secondary" data-testid="pharmacy-none-near">
            {t('pharmacy_none_near', { zip })}
          </Typography>
        ) : (
          <Box>
            <Typography id={resultsTitleId} variant="subtitle2" component="p" data-testid="pharmacy-results-title">
              {t('pharmacy_results', { zip })}
            </Typography>
            <List aria-labelledby={resultsTitleId} data-testid="pharmacy-results">
              {results.data.pharmacies.map((p) => (
                <ListItem
                  key={p.id}
                  divider
                  secondaryAction={
                    <Button
                      size="small"
                      variant={current?.pharmStoreName === p.pharmStoreName ? 'contained' : 'outlined'}
                      disabled={choose.isPending}
                      aria-label={t('pharmacy_choose_named', { name: p.pharmStoreName })}
                      onClick={() =>
                        choose.mutate(
                          { pharmacyId: p.id, appointmentId: appointmentId ?? null },
                          { onSuccess: () => showToast({ variant: 'success', message: 'pharmacy_chosen' }), onError: () => showToast({ variant: 'warning', message: 'pharmacy_choose_error' }) },
                        )
                      }
                      data-testid={`pharmacy-choose-${p.id}`}
                    >
                      {t('pharmacy_choose')}
                    </Button>
                  }
                  sx={{ pr: 14 }}
                >
                  <ListItemText
                    primary={p.pharmStoreName}
                    secondary={`${[p.pharmAddressLine1, p.pharmCity, p.pharmState, p.pharmZip].join(', ')} · ${t('pharmacy_distance', { miles: p.distanceMiles })}`}
                  />
                </ListItem>
              ))}
            </List>
          </Box>
        )
      ) : null}
    </Box>
  );
}
