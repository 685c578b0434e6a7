import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMPLOYER_CODE_KEYS, TOAST, employerCodeControls, employerCodeFormSchema, employerCodeReducer, initialEmployerCode } from '@puente/domain';
import { useReducer, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollToFirstError, warnMissingFields } from '@/lib/scroll-to-error';
import { hideToast, showToast } from '@/lib/toast';
import { lookupEmployerCode } from '../api/lookup-employer-code';
import { useWorksThere, WorksThereCheckbox } from './works-there-checkbox';

export interface ValidatedEmployerCode {
  code: string;
  organizationId: string;
  organizationName: string;
}

export interface EmployerCodeFormProps {
  /** Prefilled from the `code` query parameter (spec 2). */
  initialCode?: string;
  /** What Associate does once the code is valid (and, with worksThere, the box is checked). */
  onAssociate: (validated: ValidatedEmployerCode) => void | Promise<void>;
  /** Ask for the works-there checkbox before Associate (spec 5). */
  worksThere?: boolean;
  associateLabel?: string;
  busy?: boolean;
}

/**
 * Employer code entry (spec 4/5): notset, invalid and valid. Validate looks the code up; nothing
 * found is invalid (field error and a 6 s toast); typing resets invalid to notset; once valid
 * the input is disabled, the organization is named and Associate appears.
 */
export function EmployerCodeForm({ initialCode, onAssociate, worksThere = false, associateLabel, busy = false }: EmployerCodeFormProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(employerCodeReducer, { ...initialEmployerCode, code: initialCode?.trim() ?? '' });
  const [checking, setChecking] = useState(false);
  const [missing, setMissing] = useState(false);
  const confirmation = useWorksThere();

  const handleValidate = async (event: FormEvent) => {
    event.preventDefault();
    if (state.status === 'valid') return;
    // spec 5: it must be non-empty to validate. Nothing typed is not looked up, nor called "not
    // found": the field asks for the code and the toast says something is missing.
    if (!employerCodeFormSchema.safeParse({ code: state.code }).success) {
      setMissing(true);
      warnMissingFields();
      return;
    }
    setChecking(true);
    const organization = await lookupEmployerCode(state.code.trim());
    setChecking(false);
    dispatch({ type: 'lookup-result', organization });
    if (!organization) {
      showToast({ variant: 'warning', message: EMPLOYER_CODE_KEYS.invalidToast, durationMs: TOAST.companyCodeMs });
      // The field says the code is not valid: she corrects it there (it takes the focus).
      scrollToFirstError();
    }
    // A valid code: an earlier "not found" toast no longer applies.
    else hideToast();
  };

  const handleAssociate = () => {
    if (state.status !== 'valid' || !state.organizationId) return;
    if (worksThere && !confirmation.confirmed()) return;
    void onAssociate({ code: state.code.trim(), organizationId: state.organizationId, organizationName: state.organizationName ?? '' });
  };

  const invalid = state.status === 'invalid';
  const controls = employerCodeControls(state);
  return (
    <Box component="form" noValidate onSubmit={(e) => void handleValidate(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="employer-code-form" data-state={state.status}>
      <TextField
        label={t('employer_code_label')}
        value={state.code}
        onChange={(e) => {
          setMissing(false);
          dispatch({ type: 'typed', code: e.target.value });
        }}
        disabled={controls.inputDisabled}
        error={invalid || missing}
        helperText={invalid ? t(EMPLOYER_CODE_KEYS.invalid) : missing ? t('employer_code_required') : ' '}
        slotProps={{ htmlInput: { 'data-testid': 'employer-code-input', maxLength: 100, autoCapitalize: 'characters', autoComplete: 'off' } }}
        fullWidth
      />
      {state.status === 'valid' ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="employer-code-organization">
          <Typography variant="body2" color="text.secondary">
            {t('employer_code_organization_found')}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{state.organizationName}</Typography>
        </Paper>
      ) : null}
      {state.status === 'valid' && worksThere ? (
        <WorksThereCheckbox {...confirmation.box} organizationName={state.organizationName ?? ''} />
      ) : null}
      {controls.showAssociate ? (
        <Button variant="contained" size="large" onClick={handleAssociate} disabled={busy} data-testid="employer-code-associate">
          {associateLabel ?? t('employer_code_associate')}
        </Button>
      ) : (
        <Button type="submit" variant="contained" size="large" disabled={checking} data-testid="employer-code-validate">
          {t('employer_code_validate')}
        </Button>
      )}
    </Box>
  );
}
