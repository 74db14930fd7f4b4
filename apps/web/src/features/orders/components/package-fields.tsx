import { memo } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  formatUsd,
  isFedex,
  MAX_INSURED_VALUE,
  isPriority,
  MIN_QUANTITY,
  TEMPLATE_LABELS,
  MAX_DIMENSION,
  MAX_ORDER_QUANTITY,
  type LabelTypeView,
} from '@portal/shared';
import { IconPackage } from '@tabler/icons-react';
import { FormCard } from '../../../components/form-card';
import { NumberField, SelectField } from '../../../components/form-fields';
import { labelTypeOptions } from '../../../lib/label-type-options';
import type { OrderFormValues, OrderMode } from '../lib/order-form-values';

/** Weight and dimensions: typed without steppers, never below 0, to the hundredth. */
const MEASURE = { min: 0, hideControls: true, decimalScale: 2 } as const;

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

/** Type, Template (priority only), Weight in the type's unit, Quantity, and dimensions for FedEx types. */
export const PackageFields = memo(function PackageFields({
  mode,
  labelTypes,
  isLoadingTypes,
  selectedType,
  onLabelTypeChange,
}: PackageFieldsProps) {
  const uid = selectedType?.uid ?? '';
  const unit = selectedType?.weightUnit ?? 'lb';

  return (
    <FormCard icon={<IconPackage size={20} />} title="Package" isSection={false}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: isPriority(uid) ? 2 : 1 }} spacing="sm">
          <SelectField<OrderFormValues>
            name="labelType"
            label="Type"
            withAsterisk
            placeholder={isLoadingTypes ? 'Loading label types…' : 'Select label type'}
            data={labelTypeOptions(labelTypes)}
            onChange={onLabelTypeChange}
            description={selectedType ? `Up to ${selectedType.maxWeight} ${unit}` : undefined}
            allowDeselect={false}
          />
          {isPriority(uid) && (
            <SelectField<OrderFormValues>
              name="design"
              label="Template"
              withAsterisk
              placeholder="Select template"
              data={TEMPLATES[mode].map((value) => ({ value, label: TEMPLATE_LABELS[value] }))}
              allowDeselect={false}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={2} spacing="sm">
          <NumberField<OrderFormValues> name="Weight" label={`Weight (${unit})`} withAsterisk {...MEASURE} />
          <NumberField<OrderFormValues>
            name="quantity"
            label="Quantity"
            withAsterisk
            min={MIN_QUANTITY}
            max={MAX_ORDER_QUANTITY}
            allowDecimal={false}
            // 0 stays 0 and gets its error, instead of silently becoming 1 on blur.
            clampBehavior="none"
          />
        </SimpleGrid>
        {mode === 'simple' && (
          <NumberField<OrderFormValues>
            name="insuredValue"
            label="Insured value ($)"
            description={
              selectedType?.insurance === null
                ? `${selectedType.name} labels cannot be insured`
                : selectedType?.insurance
                  ? `Optional. ${formatUsd(selectedType.insurance.per100)} per $100 declared, at least ${formatUsd(selectedType.insurance.min)}`
                  : 'Optional: the value to insure the parcel for'
            }
            disabled={selectedType?.insurance === null}
            min={0}
            max={MAX_INSURED_VALUE}
            hideControls
            decimalScale={2}
            prefix="$"
          />
        )}
        {isFedex(uid) && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Package Dimensions{' '}
              <Text span size="xs" c="dimmed">
                (inches)
              </Text>
            </Text>
            <SimpleGrid cols={3} spacing="sm">
              <NumberField<OrderFormValues>
                name="Height"
                label="Height"
                withAsterisk
                max={MAX_DIMENSION}
                {...MEASURE}
              />
              <NumberField<OrderFormValues>
                name="Width"
                label="Width"
                withAsterisk
                max={MAX_DIMENSION}
                {...MEASURE}
              />
              <NumberField<OrderFormValues>
                name="Length"
                label="Length"
                withAsterisk
                max={MAX_DIMENSION}
                {...MEASURE}
              />
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </FormCard>
  );
});
