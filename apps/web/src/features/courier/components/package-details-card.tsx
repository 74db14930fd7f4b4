import { Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { COURIER_MAX_DIMENSION, COURIER_MAX_WEIGHT } from '@portal/shared';
import { IconPackage } from '@tabler/icons-react';
import { Controller, useFormContext } from 'react-hook-form';
import { FormCard } from '../../../components/form-card';
import type { CourierFormValues } from '../lib/courier-form-values';

const DIMENSIONS = [
  { name: 'length', label: 'Length' },
  { name: 'width', label: 'Width' },
  { name: 'height', label: 'Height' },
] as const;

/** Package Details (spec section 2): weight in lbs or kg, dimensions in inch or cm, optional Special Notes. */
export function PackageDetailsCard() {
  const { register, control, watch, formState } = useFormContext<CourierFormValues>();
  const { errors } = formState;
  const dimensionUnit = watch('dimensionUnit') === 'inch' ? 'in' : 'cm';
  return (
    <FormCard icon={<IconPackage size={20} />} title="Package Details" color="grape">
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label="Weight"
            required
            type="number"
            inputMode="decimal"
            min={0.01}
            max={COURIER_MAX_WEIGHT}
            step="any"
            style={{ flex: 1 }}
            error={errors.weight?.message}
            {...register('weight')}
          />
          <Controller
            control={control}
            name="weightUnit"
            render={({ field }) => (
              <SegmentedControl
                aria-label="Weight unit"
                data={[
                  { value: 'lbs', label: 'lbs' },
                  { value: 'kg', label: 'kg' },
                ]}
                value={field.value}
                onChange={field.onChange}
                mb={errors.weight ? 22 : 0}
              />
            )}
          />
        </Group>
        <Stack gap={6}>
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm" fw={500}>
              Dimensions ({dimensionUnit})
            </Text>
            <Controller
              control={control}
              name="dimensionUnit"
              render={({ field }) => (
                <SegmentedControl
                  aria-label="Dimension unit"
                  size="xs"
                  data={[
                    { value: 'inch', label: 'inch' },
                    { value: 'cm', label: 'cm' },
                  ]}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </Group>
          <SimpleGrid cols={3} spacing="sm">
            {DIMENSIONS.map(({ name, label }) => (
              <TextInput
                key={name}
                label={label}
                required
                type="number"
                inputMode="decimal"
                min={0.01}
                max={COURIER_MAX_DIMENSION}
                step="any"
                rightSection={
                  <Text size="xs" c="dimmed">
                    {dimensionUnit}
                  </Text>
                }
                error={errors[name]?.message}
                {...register(name)}
              />
            ))}
          </SimpleGrid>
        </Stack>
        <Textarea
          label="Special Notes"
          description="Optional: pickup window, signature, anything our team should know"
          autosize
          minRows={3}
          maxLength={1000}
          error={errors.specialNotes?.message}
          {...register('specialNotes')}
        />
      </Stack>
    </FormCard>
  );
}
