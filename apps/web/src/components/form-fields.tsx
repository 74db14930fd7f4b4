import {
  Checkbox,
  FileInput,
  NumberInput,
  Select,
  type CheckboxProps,
  type FileInputProps,
  type NumberInputProps,
  type SelectProps,
} from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { Controller, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { StateSelect } from './state-select';

/**
 * Mantine's controlled inputs bound to a react-hook-form field by name (decision 297): each keeps its own
 * value, so it is wired once here instead of through a `Controller` in every form. Without `control` the
 * field is read from the surrounding `FormProvider`.
 */
type FieldOf<Values extends FieldValues, Transformed> = Pick<
  UseControllerProps<Values, FieldPath<Values>, Transformed>,
  'control' | 'name'
>;

/** What the field owns; the rest of the input's props pass through. */
type Bound<Props> = Omit<Props, 'value' | 'onChange' | 'onBlur' | 'name' | 'error'>;

/** The State of an address (US states, with Canada's provinces when asked): empty is ''. */
export function StateField<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  ...props
}: FieldOf<Values, Transformed> & Bound<React.ComponentProps<typeof StateSelect>>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <StateSelect
          {...props}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A choice from a list: empty is ''. `onChange` replaces the plain write (a label type resets what hangs on it). */
export function SelectField<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  onChange,
  ...props
}: FieldOf<Values, Transformed> & Bound<SelectProps> & { onChange?: (value: string) => void }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          value={field.value || null}
          onChange={(value) => (onChange ?? field.onChange)(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A file to upload, cleared to null; the schema says which files it takes. */
export function FileField<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  ...props
}: FieldOf<Values, Transformed> & Bound<FileInputProps>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FileInput
          withAsterisk
          clearable
          leftSection={<IconFileUpload size={18} aria-hidden />}
          {...props}
          value={field.value ?? null}
          onChange={(file) => field.onChange(file)}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** What Mantine gives while typing: a number, '' when empty, or text not yet a number (a lone '-'). */
const toNumberValue = (value: number | string) =>
  typeof value === 'string' && value !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

/**
 * A number: Mantine keeps its own formatted text, so the field is controlled; an empty field holds '' for the
 * schema to call required.
 */
export function NumberField<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  ...props
}: FieldOf<Values, Transformed> & Bound<NumberInputProps>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...props}
          value={field.value}
          onChange={(value) => field.onChange(toNumberValue(value))}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A yes-or-no choice. */
export function CheckboxField<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  ...props
}: FieldOf<Values, Transformed> & Bound<Omit<CheckboxProps, 'checked'>>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          {...props}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
        />
      )}
    />
  );
}
