import { zodResolver } from '@hookform/resolvers/zod';
import { prescriptionSchema, type AppointmentDto, type PrescriptionDto } from '@puente/contracts';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';

type LineForm = z.input<typeof prescriptionSchema>;
const EMPTY_LINE: LineForm = { name: '', code: '', codeSystem: 'RxNorm', dosage: '', freq: '', duration: '', qty: '', sig: '' };

export interface PharmacyDraft {
  pharmStoreName: string;
  pharmAddressLine1: string;
  pharmCity: string;
  pharmState: string;
  pharmZip: string;
  pharmPhone: string;
}
export const EMPTY_PHARMACY: PharmacyDraft = { pharmStoreName: '', pharmAddressLine1: '', pharmCity: '', pharmState: '', pharmZip: '', pharmPhone: '' };

const describe = (p: PrescriptionDto): string => [p.dosage, p.freq, p.duration, p.qty ? `#${p.qty}` : null].filter(Boolean).join(' · ');

/**
 * Medical prescription tab. Only a US doctor licensed in the member's state prescribes (spec 1/6):
 * the assigned US doctor writes the lines and the pharmacy here and sends them with "send
 * treatment"; everyone else reads what was sent.
 */
export function PrescriptionTab({
  appointment,
  editable,
  viewerIsCoach,
  lines,
  onLinesChange,
  pharmacy,
  onPharmacyChange,
}: {
  appointment: AppointmentDto;
  editable: boolean;
  viewerIsCoach: boolean;
  lines: PrescriptionDto[];
  onLinesChange: (lines: PrescriptionDto[]) => void;
  pharmacy: PharmacyDraft;
  onPharmacyChange: (p: PharmacyDraft) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<LineForm, unknown, PrescriptionDto>({ resolver: zodResolver(prescriptionSchema), defaultValues: EMPTY_LINE });
  const { errors } = form.formState;
  const sent = appointment.prescriptions;
  const sentPharmacy = appointment.medicalRecord?.pharmacy;

  const handleAdd = form.handleSubmit((line) => {
    onLinesChange([...lines, line]);
    form.reset(EMPTY_LINE);
  });

  const field = (name: keyof LineForm, label: string, extra: { required?: boolean; multiline?: boolean } = {}) => (
    <TextField
      size="small"
      label={label}
      required={extra.required}
      multiline={extra.multiline}
      error={!!errors[name]}
      helperText={errors[name] ? t('dashboard_field_required') : undefined}
      {...form.register(name)}
      slotProps={{ htmlInput: { 'data-testid': `rx-${name}` } }}
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="prescription-tab">
      {viewerIsCoach ? <Alert severity="info">{t('dashboard_rx_coach_cannot_prescribe')}</Alert> : null}
      {sent.length > 0 ? (
        <Box data-testid="rx-sent">
          <Typography variant="subtitle2" component="h2">{t('dashboard_rx_sent')}</Typography>
          <List dense>
            {sent.map((p, i) => (
              <ListItem key={`${p.code}-${i}`} disableGutters>
                <ListItemText primary={p.name} secondary={[describe(p), p.sig].filter(Boolean).join(' — ')} />
              </ListItem>
            ))}
          </List>
          {sentPharmacy?.pharmStoreName ? (
            <Typography variant="body2" color="text.secondary">
              {t('dashboard_rx_pharmacy')}: {[sentPharmacy.pharmStoreName, sentPharmacy.pharmAddressLine1, sentPharmacy.pharmCity, sentPharmacy.pharmState].filter(Boolean).join(', ')}
            </Typography>
          ) : null}
        </Box>
      ) : !editable ? (
        <Typography color="text.secondary" data-testid="rx-none">
          {t('dashboard_rx_none')}
        </Typography>
      ) : null}
      {editable ? (
        <>
          <Typography variant="subtitle2" component="h2">{t('dashboard_rx_draft')}</Typography>
          {lines.length ? (
            <List dense data-testid="rx-draft">
              {lines.map((p, i) => (
                <ListItem
                  key={`${p.code}-${i}`}
                  disableGutters
                  secondaryAction={
                    <IconButton edge="end" aria-label={t('dashboard_rx_remove')} onClick={() => onLinesChange(lines.filter((_, j) => j !== i))}>
                      <Delete />
                    </IconButton>
                  }
                >
                  <ListItemText primary={p.name} secondary={[describe(p), p.sig].filter(Boolean).join(' — ')} />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('dashboard_rx_draft_empty')}
            </Typography>
          )}
          <Box
            component="form"
            noValidate
            onSubmit={(e) => void handleAdd(e)}
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}
          >
            {field('name', t('dashboard_rx_name'), { required: true })}
            {field('code', t('dashboard_rx_code'), { required: true })}
            {field('dosage', t('dashboard_rx_dosage'))}
            {field('freq', t('dashboard_rx_freq'))}
            {field('duration', t('dashboard_rx_duration'))}
            {field('qty', t('dashboard_rx_qty'))}
            <Box sx={{ gridColumn: '1 / -1', display: 'grid' }}>{field('sig', t('dashboard_rx_sig'), { multiline: true })}</Box>
            <Box>
              <Button type="submit" variant="outlined" data-testid="rx-add">
                {t('dashboard_rx_add')}
              </Button>
            </Box>
          </Box>
          <Typography variant="subtitle2" component="h2">{t('dashboard_rx_pharmacy')}</Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
            {(Object.keys(EMPTY_PHARMACY) as (keyof PharmacyDraft)[]).map((key) => (
              <TextField
                key={key}
                size="small"
                label={t(`dashboard_${key}`)}
                value={pharmacy[key]}
                onChange={(e) => onPharmacyChange({ ...pharmacy, [key]: e.target.value })}
                slotProps={{ htmlInput: { 'data-testid': `pharmacy-${key}` } }}
              />
            ))}
          </Box>
        </>
      ) : null}
    </Box>
  );
}
