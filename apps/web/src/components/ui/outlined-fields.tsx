import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type FocusEventHandler, type ChangeEventHandler, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

/**
 * Issue 10 (first load): the two outlined fields of the entry screens (/login's country and number,
 * the help sheet's country), built from MUI's parts as its TextField builds them: a label tied to
 * the control, the outline notched for the label, the helper line tied by aria-describedby, the
 * error state on all three. TextField itself brings every variant and its menu select (Select,
 * Menu, Popover, Modal, the filled and standard inputs), about 17 kB gzipped that /login never
 * uses: its selects are the browser's own (a phone shows its native picker).
 */
interface FieldProps {
  label: string;
  /** The helper line: an error's text or a hint (' ' keeps the line's height reserved). */
  helperText?: string;
  /** The helper line's id (the control is described by it); one is made when not given. */
  helperTextId?: string;
  error?: boolean;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  name?: string;
  onBlur?: FocusEventHandler<HTMLElement>;
  inputRef?: Ref<HTMLInputElement | HTMLSelectElement>;
}

/** The ids TextField gives its parts (the control, its label, its helper line). */
function useFieldIds(helperTextId: string | undefined) {
  const id = useId();
  return { id, labelId: `${id}-label`, helperId: helperTextId ?? `${id}-helper-text` };
}

/** A text input in an outlined field (TextField's outlined variant). */
export function OutlinedTextField({
  label,
  helperText,
  helperTextId,
  error = false,
  fullWidth = false,
  sx,
  name,
  onBlur,
  onChange,
  inputRef,
  type,
  placeholder,
  htmlInput,
}: FieldProps & {
  type?: string;
  placeholder?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  /** Attributes of the input element itself (TextField's slotProps.htmlInput). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
}) {
  const { id, labelId, helperId } = useFieldIds(helperTextId);
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} sx={sx}>
      <InputLabel htmlFor={id} id={labelId}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        placeholder={placeholder}
        name={name}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        inputProps={{ ...htmlInput, 'aria-describedby': helperText ? helperId : htmlInput?.['aria-describedby'] }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

/** The browser's own select in an outlined field, its label always above it (a select always shows a value). */
export function OutlinedNativeSelect({
  label,
  helperText,
  helperTextId,
  error = false,
  fullWidth = false,
  sx,
  name,
  onBlur,
  onChange,
  inputRef,
  value,
  defaultValue,
  htmlSelect,
  children,
}: FieldProps & {
  value?: string;
  defaultValue?: string;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
  /** Attributes of the select element itself (TextField's slotProps.htmlInput). */
  htmlSelect?: SelectHTMLAttributes<HTMLSelectElement> & Record<`data-${string}`, string>;
  /** Its options. */
  children: ReactNode;
}) {
  const { id, labelId, helperId } = useFieldIds(helperTextId);
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} sx={sx}>
      <InputLabel htmlFor={id} id={labelId} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput label={label} notched />}
        id={id}
        name={name}
        value={value}
        defaultValue={defaultValue}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        inputProps={{ ...htmlSelect, 'aria-describedby': helperText ? helperId : undefined }}
      >
        {children}
      </NativeSelect>
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
