import { zodResolver } from '@hookform/resolvers/zod';
import type { AppointmentDto, MedicationDto, PrescriptionOrderDto } from '@puente/contracts';
import {
  APPOINTMENT_STATE as S,
  buildPath,
  DOSE_FREQUENCIES,
  DOSE_ROUTES,
  DOSE_UNITS,
  ICD10_CODES,
  NO_PRESCRIPTION_REASONS,
  prescriptionLineInputSchema,
  type Language,
  type NoPrescriptionReason,
  type PrescriptionLineInput,
} from '@puente/domain';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import type * as z from 'zod/mini';
import { isApiRequestError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useFinishWithoutPrescription } from '../api/finish-without-prescription';
import { usePrescription } from '../api/get-prescription';
import { useReviewPrescription } from '../api/review-prescription';
import { useSavePrescriptionDraft } from '../api/save-prescription-draft';
import { useMedicationSearch } from '../api/search-medications';
import { useSignPrescription } from '../api/sign-prescription';

type LineForm = z.input<typeof prescriptionLineInputSchema>;

const EMPTY: Partial<LineForm> = { dose: undefined, doseUnit: 'tablet', route: 'oral', frequency: 'once-daily', durationDays: undefined, quantity: undefined, quantityUnit: 'tablet', daysSupply: undefined, refills: 0, substitutionAllowed: true, diagnosisCode: undefined, rxcui: '' };

/** The server's field map for a line ('lines.0.rxcui' -> key). */
const fieldErrors = (error: unknown): Record<string, string> => (isApiRequestError(error) ? (error.fields ?? {}) : {});

/**
 * The US doctor's prescription (issues 11/12): medication from the directory, structured dose,
 * route, frequency, duration, quantity, days' supply, refills, substitution and an ICD-10
 * diagnosis; the allergy warning needs an override reason; review, then sign. Finishing without a
 * prescription asks why. Staff screens are in the staff member's language.
 */
export function PrescriptionWorkspace({ appointment, onAppointment }: { appointment: AppointmentDto; onAppointment: (a: AppointmentDto) => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = (i18n.language === 'en' ? 'en' : 'es') as Language;
  const order = usePrescription(appointment.id);
  const save = useSavePrescriptionDraft();
  const review = useReviewPrescription();
  const sign = useSignPrescription(onAppointment);
  const current: PrescriptionOrderDto | null | undefined = order.data;
  const lines: PrescriptionLineInput[] = current?.lines ?? [];
  const signed = current?.status === 'signed' || current?.status === 'sent';
  const [medication, setMedication] = useState<MedicationDto | null>(null);
  const [query, setQuery] = useState('');
  const search = useMedicationSearch(query);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const form = useForm<LineForm, unknown, PrescriptionLineInput>({ resolver: zodResolver(prescriptionLineInputSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const refused = (error: unknown) => {
    setServerFields(fieldErrors(error));
    showToast({ variant: 'warning', message: 'rx_action_refused' });
  };

  const saveLines = async (next: PrescriptionLineInput[]) => {
    try {
      await save.mutateAsync({ appointmentId: appointment.id, lines: next });
      setServerFields({});
      return true;
    } catch (error) {
      refused(error);
      return false;
    }
  };

  const handleAdd = form.handleSubmit(async (line) => {
    if (await saveLines([...lines, line])) {
      form.reset(EMPTY);
      setMedication(null);
      setQuery('');
    }
  });

  const setOverride = (index: number, reason: string) => {
    const next = lines.map((l, i) => (i === index ? { ...l, allergyOverrideReason: reason } : l));
    void saveLines(next);
  };

  const handleReview = async () => {
    try {
      await review.mutateAsync(appointment.id);
      setServerFields({});
    } catch (error) {
      refused(error);
    }
  };
  const handleSign = async () => {
    try {
      await sign.mutateAsync(appointment.id);
      showToast({ variant: 'success', message: 'rx_signed_toast' });
      // issue 11: signed and sent, the US doctor is back on the dashboard, with the next request in view.
      void navigate(buildPath('dashboard'));
    } catch (error) {
      refused(error);
    }
  };

  const pickMedication = (m: MedicationDto | null) => {
    setMedication(m);
    form.setValue('rxcui', m?.rxcui ?? '', { shouldValidate: !!m });
    if (m) {
      form.setValue('route', m.route);
      form.setValue('doseUnit', m.dispenseUnit);
      form.setValue('quantityUnit', m.dispenseUnit);
    }
  };

  const num = (name: 'dose' | 'durationDays' | 'quantity' | 'daysSupply' | 'refills', label: string) => (
    <TextField
      size="small"
      type="number"
      label={label}
      required
      error={!!errors[name] || !!serverFields[`lines.${lines.length}.${name}`]}
      helperText={errors[name]?.message ? t(errors[name].message) : undefined}
      {...form.register(name, { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
      slotProps={{ htmlInput: { 'data-testid': `rx-${name}`, min: 0, step: 'any' } }}
    />
  );
  const select = <K extends 'doseUnit' | 'quantityUnit' | 'route' | 'frequency'>(name: K, label: string, options: readonly string[], prefix: string) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField select size="small" label={label} value={field.value ?? ''} onChange={field.onChange} slotProps={{ htmlInput: { 'data-testid': `rx-${name}` } }}>
          {options.map((o) => (
            <MenuItem key={o} value={o}>
              {t(`${prefix}${o}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  if (order.isPending) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="rx-workspace">
      {current && current.warnings.length > 0 ? (
        <Alert severity="warning" data-testid="rx-allergy-warning">
          {t('rx_allergy_warning')}
        </Alert>
      ) : null}
      {lines.length > 0 ? (
        <List dense data-testid="rx-lines" aria-label={t('rx_lines')}>
          {lines.map((l, i) => {
            const shown = current?.rendered[i];
            const warning = current?.warnings.find((w) => w.line === i);
            return (
              <ListItem key={`${l.rxcui}-${i}`} disableGutters sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
                <ListItemText primary={shown?.name ?? l.rxcui} secondary={[shown?.sig, shown?.qty, shown?.diagnosis ? `${shown.diagnosis.code} ${shown.diagnosis.text}` : null].filter(Boolean).join(' · ')} />
                {warning ? (
                  <OverrideField
                    index={i}
                    allergies={warning.allergies}
                    initial={l.allergyOverrideReason ?? ''}
                    disabled={signed}
                    error={serverFields[`lines.${i}.allergyOverrideReason`]}
                    onSave={(reason) => setOverride(i, reason)}
                  />
                ) : null}
              </ListItem>
            );
          })}
        </List>
      ) : (
        <Typography color="text.secondary">{t('rx_no_lines')}</Typography>
      )}

      {!signed ? (
        <Box component="form" noValidate onSubmit={(e) => void handleAdd(e)} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Autocomplete
              options={search.data ?? []}
              value={medication}
              filterOptions={(x) => x}
              getOptionLabel={(m) => m.name}
              isOptionEqualToValue={(a, b) => a.rxcui === b.rxcui}
              onChange={(_e, m) => pickMedication(m)}
              inputValue={query}
              onInputChange={(_e, v) => setQuery(v)}
              noOptionsText={t(query.trim().length < 2 ? 'rx_search_hint' : 'rx_search_none')}
              renderOption={(props, m) => (
                <li {...props} key={m.rxcui} data-testid={`rx-option-${m.rxcui}`}>
                  <Box>
                    <Typography variant="body2">{m.name}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      RxNorm {m.rxcui}
                      {m.schedule ? ` · ${t('rx_controlled', { schedule: m.schedule })}` : ''}
                    </Typography>
                  </Box>
                </li>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  size="small"
                  required
                  label={t('rx_medication')}
                  error={!!errors.rxcui || !!serverFields[`lines.${lines.length}.rxcui`]}
                  helperText={errors.rxcui?.message ? t(errors.rxcui.message) : serverFields[`lines.${lines.length}.rxcui`] ? t(serverFields[`lines.${lines.length}.rxcui`]!) : undefined}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'rx-medication' } }}
                />
              )}
            />
          </Box>
          {num('dose', t('rx_dose'))}
          {select('doseUnit', t('rx_dose_unit'), DOSE_UNITS, 'rx_unit_')}
          {select('route', t('rx_route'), DOSE_ROUTES, 'rx_route_')}
          {select('frequency', t('rx_frequency'), DOSE_FREQUENCIES, 'rx_frequency_')}
          {num('durationDays', t('rx_duration_days'))}
          {num('quantity', t('rx_quantity'))}
          {select('quantityUnit', t('rx_quantity_unit'), DOSE_UNITS, 'rx_unit_')}
          {num('daysSupply', t('rx_days_supply'))}
          {num('refills', t('rx_refills'))}
          <Controller
            name="diagnosisCode"
            control={form.control}
            render={({ field }) => (
              <TextField
                select
                size="small"
                required
                label={t('rx_diagnosis')}
                // The whole row: its label and the chosen code's name ("J06.9 · Acute upper respiratory
                // infection") were cut off in a column of three beside the call.
                sx={{ gridColumn: '1 / -1' }}
                value={field.value ?? ''}
                onChange={field.onChange}
                error={!!errors.diagnosisCode}
                helperText={errors.diagnosisCode?.message ? t(errors.diagnosisCode.message) : undefined}
                slotProps={{ htmlInput: { 'data-testid': 'rx-diagnosis' } }}
              >
                {ICD10_CODES.map((c) => (
                  <MenuItem key={c.code} value={c.code}>
                    {c.code} · {c[lang]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="substitutionAllowed"
            control={form.control}
            render={({ field }) => (
              // The whole row, as the diagnosis: in a column of three its label took three lines.
              <FormControlLabel sx={{ gridColumn: '1 / -1' }} control={<Switch checked={!!field.value} onChange={(_e, v) => field.onChange(v)} slotProps={{ input: { 'aria-label': t('rx_substitution') } }} />} label={t('rx_substitution')} />
            )}
          />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Button type="submit" variant="outlined" disabled={save.isPending} data-testid="rx-add-line">
              {t('rx_add_line')}
            </Button>
          </Box>
        </Box>
      ) : null}

      {lines.length > 0 && !signed ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => void handleReview()} disabled={review.isPending} data-testid="rx-review">
            {t('rx_review')}
          </Button>
        </Box>
      ) : null}

      {current?.status === 'reviewed' || signed ? (
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="rx-review-panel">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t(signed ? 'rx_signed_title' : 'rx_review_title')}
          </Typography>
          {current.rendered.map((r, i) => (
            <Box key={`${r.code}-${i}`}>
              <Typography sx={{ fontWeight: 600 }}>{r.name}</Typography>
              <Typography variant="body2">{r.sig}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('rx_review_line', { qty: r.qty, days: r.daysSupply, refills: r.refills })} · {t(r.substitutionAllowed ? 'rx_substitution_yes' : 'rx_substitution_no')}
              </Typography>
              {r.allergyOverride ? (
                <Typography variant="body2" color="text.secondary">
                  {t('rx_override_recorded', { reason: r.allergyOverride.reason })}
                </Typography>
              ) : null}
            </Box>
          ))}
          {current.rendered[0]?.prescriber ? (
            <Typography variant="body2" data-testid="rx-prescriber">
              {t('rx_prescriber', { name: current.rendered[0].prescriber.name, npi: current.rendered[0].prescriber.npi ?? '-', state: current.rendered[0].prescriber.licenseState })}
            </Typography>
          ) : null}
          {current.pharmacy?.pharmStoreName ? <Typography variant="body2">{t('rx_pharmacy', { name: current.pharmacy.pharmStoreName })}</Typography> : null}
          {signed ? (
            <Alert severity="success" data-testid="rx-signed">
              {t('rx_signed_sent')}
            </Alert>
          ) : (
            <Box>
              <Button variant="contained" onClick={() => void handleSign()} disabled={sign.isPending} data-testid="rx-sign">
                {t('rx_sign')}
              </Button>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                {t('rx_sign_after_call')}
              </Typography>
            </Box>
          )}
        </Paper>
      ) : null}

      {!signed ? <NoPrescription appointment={appointment} onAppointment={onAppointment} /> : null}
    </Box>
  );
}

function OverrideField({ index, allergies, initial, disabled, error, onSave }: { index: number; allergies: string[]; initial: string; disabled: boolean; error?: string; onSave: (r: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(initial);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        sx={{ flex: '1 1 240px' }}
        label={t('rx_override_reason', { allergies: allergies.join(', ') })}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        disabled={disabled}
        error={!!error}
        helperText={error ? t(error) : undefined}
        slotProps={{ htmlInput: { 'data-testid': `rx-override-${index}`, maxLength: 500 } }}
      />
      <Button variant="outlined" disabled={disabled || !reason.trim() || reason.trim() === initial} onClick={() => onSave(reason.trim())} data-testid={`rx-override-save-${index}`}>
        {t('rx_override_save')}
      </Button>
    </Box>
  );
}

function NoPrescription({ appointment, onAppointment }: { appointment: AppointmentDto; onAppointment: (a: AppointmentDto) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [reason, setReason] = useState<NoPrescriptionReason | ''>('');
  const [note, setNote] = useState('');
  const finish = useFinishWithoutPrescription(onAppointment);
  // Only once the call is over (spec 4: 9 or US doctor pending) can the consultation be finished.
  if (appointment.state !== S.S9_ER_ENDS_CALL && appointment.state !== S.US_DR_PENDING) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="rx-none">
      <Typography variant="subtitle2" component="h3">
        {t('rx_none_title')}
      </Typography>
      <TextField select size="small" label={t('rx_none_reason')} value={reason} onChange={(e) => setReason(e.target.value as NoPrescriptionReason)} slotProps={{ htmlInput: { 'data-testid': 'rx-none-reason' } }}>
        {NO_PRESCRIPTION_REASONS.map((r) => (
          <MenuItem key={r} value={r}>
            {t(`rx_none_reason_${r}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField size="small" label={t('rx_none_note')} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
      <Box>
        <Button
          variant="outlined"
          disabled={!reason || finish.isPending}
          onClick={() => reason && finish.mutate({ appointmentId: appointment.id, reason, note }, {
                  // issue 11: finished, she is back on the dashboard, with the next request in view.
                  onSuccess: () => void navigate(buildPath('dashboard')),
                  onError: () => showToast({ variant: 'warning', message: 'rx_action_refused' }),
                })}
          data-testid="rx-none-finish"
        >
          {t('rx_none_finish')}
        </Button>
      </Box>
    </Paper>
  );
}
