import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { EMPLOYER_CODE_KEYS, TOAST, worksThereFormSchema } from '@puente/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollToFirstError } from '@/lib/scroll-to-error';
import { showToast } from '@/lib/toast';

export interface WorksThereCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Continue was pressed without it: the box is marked and says why under it. */
  error: boolean;
  organizationName: string;
}

/**
 * The works-there box's state for a screen: `confirmed()` is true once it is ticked; else it gives
 * spec 5's 6 s toast, marks the box and brings it into view with the focus, as every form does with
 * its first field in error (scrollToFirstError). `box` goes to WorksThereCheckbox.
 */
export function useWorksThere() {
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState(false);
  const confirmed = (): boolean => {
    if (worksThereFormSchema.safeParse({ worksThere: checked }).success) return true;
    showToast({ variant: 'warning', message: EMPLOYER_CODE_KEYS.worksThereToast, durationMs: TOAST.companyCodeMs });
    setError(true);
    scrollToFirstError();
    return false;
  };
  const onChange = (value: boolean) => {
    setChecked(value);
    if (value) setError(false);
  };
  return { confirmed, box: { checked, onChange, error } };
}

/**
 * spec 5's works-there confirmation, on the employer-code form and its success screen. Continuing
 * without it gives the spec's 6 s toast; the box itself is marked invalid and says why beneath it
 * (announced), and it takes the focus, as every other field in error does.
 */
export function WorksThereCheckbox({ checked, onChange, error, organizationName }: WorksThereCheckboxProps) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <FormControl error={error}>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            slotProps={{
              input: {
                'data-testid': 'employer-code-works-there',
                'aria-invalid': error || undefined,
                'aria-describedby': error ? errorId : undefined,
              } as React.InputHTMLAttributes<HTMLInputElement>,
            }}
          />
        }
        label={t('employer_code_works_there', { name: organizationName })}
      />
      {error ? (
        <FormHelperText id={errorId} role="alert" data-testid="employer-code-works-there-error">
          {t(EMPLOYER_CODE_KEYS.worksThereToast)}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
