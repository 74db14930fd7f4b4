import { memo } from 'react';
import {
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  type NumberInputProps,
} from '@mantine/core';
import {
  isFedex,
  isPriority,
  MIN_QUANTITY,
  TEMPLATE_LABELS,
  MAX_DIMENSION,
  MAX_ORDER_QUANTITY,
  type LabelTypeView,
} from '@portal/shared';
import { IconPackage } from '@tabler/icons-react';
import { Controller, useFormContext } from 'react-hook-form';
import { labelTypeOptions } from '../../../lib/label-type-options';
import type { OrderFormValues, OrderMode } from '../lib/order-form-values';

/** Template options (spec section 2): pitney and evs; Fast Order also offers indica, labelled Endicia. */
const TEMPLATES: Record<OrderMode, Array<keyof typeof TEMPLATE_LABELS>> = {
  simple: ['pitney', 'evs'],
  quick: ['pitney', 'evs', 'indica'],
};
type PackageFieldsProps = {
  mode: OrderMode;
  labelTypes: LabelTypeView[];
  isLoadingTypes: boolean;
  selectedType: LabelTypeView | undefined;
  onLabelTypeChange: (id: string) => void;
};

type NumberFieldProps = Omit<NumberInputProps, 'value' | 'onChange' | 'name'> & {
  name: 'Weight' | 'quantity' | 'Height' | 'Width' | 'Length';
};

function NumberField({ name, ...props }: NumberFieldProps) {
  const { control } = useFormContext<OrderFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          value={field.value}
          onChange={(value) =>
            field.onChange(typeof value === 'number' ? value : value === '' ? '' : Number(value))
          }
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={fieldState.error?.message}
          min={0}
          hideControls
          {...props}
        />
      )}
    />
  );
}

/** Type, Template (priority only), Weight in the type's unit, Quantity, and dimensions for FedEx types. */
export const PackageFields = memo(function PackageFields({
  mode,
  labelTypes,
  isLoadingTypes,
  selectedType,
  onLabelTypeChange,
}: PackageFieldsProps) {
  const { control } = useFormContext<OrderFormValues>();
  const uid = selectedType?.uid ?? '';
  const unit = selectedType?.weightUnit ?? 'lb';

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" radius="md" size={34} aria-hidden>
          <IconPackage size={20} />
        </ThemeIcon>
        <Title order={2} fz="h4">
          Package
        </Title>
      </Group>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: isPriority(uid) ? 2 : 1 }} spacing="sm">
          <Controller
            control={control}
            name="labelType"
            render={({ field, fieldState }) => (
              <Select
                label="Type"
                withAsterisk
                placeholder={isLoadingTypes ? 'Loading label types…' : 'Select label type'}
                data={labelTypeOptions(labelTypes)}
                value={field.value || null}
                onChange={(value) => onLabelTypeChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
                description={selectedType ? `Up to ${selectedType.maxWeight} ${unit}` : undefined}
                allowDeselect={false}
              />
            )}
          />
          {isPriority(uid) && (
            <Controller
              control={control}
              name="design"
              render={({ field, fieldState }) => (
                <Select
                  label="Template"
                  withAsterisk
                  placeholder="Select template"
                  data={TEMPLATES[mode].map((value) => ({ value, label: TEMPLATE_LABELS[value] }))}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message}
                  allowDeselect={false}
                />
              )}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={2} spacing="sm">
          <NumberField name="Weight" label={`Weight (${unit})`} withAsterisk decimalScale={2} />
          <NumberField
            name="quantity"
            label="Quantity"
            withAsterisk
            min={MIN_QUANTITY}
            max={MAX_ORDER_QUANTITY}
            allowDecimal={false}
            hideControls={false}
            // 0 stays 0 and gets its error, instead of silently becoming 1 on blur.
            clampBehavior="none"
          />
        </SimpleGrid>
        {isFedex(uid) && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Package Dimensions{' '}
              <Text span size="xs" c="dimmed">
                (inches)
              </Text>
            </Text>
            <SimpleGrid cols={3} spacing="sm">
              <NumberField name="Height" label="Height" withAsterisk decimalScale={2} max={MAX_DIMENSION} />
              <NumberField name="Width" label="Width" withAsterisk decimalScale={2} max={MAX_DIMENSION} />
              <NumberField name="Length" label="Length" withAsterisk decimalScale={2} max={MAX_DIMENSION} />
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
});
