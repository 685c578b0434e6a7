import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type FocusEventHandler, type ChangeEventHandler, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

/**
 * Issue 10 (first load): the outlined fields of the entry screens (/login's country and number, the
 * help sheet's country, the code screen's number and code), built from MUI's parts as its TextField builds them: a label tied to
 * the control, the outline notched for the label, the helper line tied by aria-describedby, the
 * error state on all three. TextField itself brings every variant and its menu select (Select,
 * Menu, Popover, Modal, the filled and standard inputs): 12.7 kB gz of /login's first scripts that
 * never ran, its selects being the browser's own (a phone shows its native picker).
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

/** What every control of a field gets from it: its id, its form binding, and its helper line's id. */
interface ControlProps {
  id: string;
  name?: string;
  onBlur?: FocusEventHandler<HTMLElement>;
  inputRef?: Ref<HTMLInputElement | HTMLSelectElement>;
  /** The helper line's id, when there is one (the control's aria-describedby). */
  describedBy: string | undefined;
}

/**
 * The field around a control: the outlined form control, its label tied to the control, the helper
 * line, with the ids TextField gives them (the control's, `-label`, `-helper-text`). `control` gets
 * what the control carries of it (ControlProps).
 */
function OutlinedField({
  label,
  helperText,
  helperTextId,
  error = false,
  fullWidth = false,
  sx,
  name,
  onBlur,
  inputRef,
  shrinkLabel,
  control,
}: FieldProps & { shrinkLabel?: boolean; control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const helperId = helperTextId ?? `${id}-helper-text`;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrinkLabel}>
        {label}
      </InputLabel>
      {control({ id, name, onBlur, inputRef, describedBy: helperText ? helperId : undefined })}
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

/** A text input in an outlined field (TextField's outlined variant). */
export function OutlinedTextField({
  type,
  placeholder,
  value,
  autoFocus,
  onChange,
  htmlInput,
  ...field
}: FieldProps & {
  type?: string;
  placeholder?: string;
  /** A value the screen holds (a read-only one); a form's field leaves it out and reads the input. */
  value?: string;
  autoFocus?: boolean;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  /** Attributes of the input element itself (TextField's slotProps.htmlInput). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
}) {
  return (
    <OutlinedField
      {...field}
      control={({ describedBy, ...control }) => (
        <OutlinedInput
          {...control}
          label={field.label}
          type={type}
          placeholder={placeholder}
          value={value}
          autoFocus={autoFocus}
          onChange={onChange}
          inputProps={{ ...htmlInput, 'aria-describedby': describedBy ?? htmlInput?.['aria-describedby'] }}
        />
      )}
    />
  );
}

/** The browser's own select in an outlined field, its label always above it (a select always shows a value). */
export function OutlinedNativeSelect({
  value,
  defaultValue,
  onChange,
  htmlSelect,
  children,
  ...field
}: FieldProps & {
  value?: string;
  defaultValue?: string;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
  /** Attributes of the select element itself (TextField's slotProps.htmlInput). */
  htmlSelect?: SelectHTMLAttributes<HTMLSelectElement> & Record<`data-${string}`, string>;
  /** Its options. */
  children: ReactNode;
}) {
  return (
    <OutlinedField
      {...field}
      shrinkLabel
      control={({ describedBy, ...control }) => (
        <NativeSelect
          {...control}
          input={<OutlinedInput label={field.label} notched />}
          value={value}
          defaultValue={defaultValue}
          onChange={onChange}
          inputProps={{ ...htmlSelect, 'aria-describedby': describedBy }}
        >
          {children}
        </NativeSelect>
      )}
    />
  );
}
