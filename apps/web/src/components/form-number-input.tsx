import { NumberInput, type NumberInputProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type FormNumberInputProps<Values extends FieldValues, Output> = Omit<
  NumberInputProps,
  'value' | 'onChange' | 'onBlur' | 'error' | 'name'
> & {
  control: Control<Values, unknown, Output>;
  name: Path<Values>;
};

/** What Mantine gives while typing: a number, '' when empty, or text not yet a number (a lone '-'). */
const toFieldValue = (value: number | string) =>
  typeof value === 'string' && value !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

/**
 * A Mantine number input bound to a react-hook-form field (Mantine keeps its own formatted text, so the
 * field is controlled, decision 297); an empty field holds '' and the field's message shows under it.
 */
export function FormNumberInput<Values extends FieldValues, Output = Values>({
  control,
  name,
  ...props
}: FormNumberInputProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...props}
          ref={field.ref}
          value={field.value}
          onChange={(value) => field.onChange(toFieldValue(value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
