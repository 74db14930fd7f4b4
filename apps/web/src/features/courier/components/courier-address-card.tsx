import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconMapPin, IconTruckDelivery } from '@tabler/icons-react';
import { useFormContext } from 'react-hook-form';
import { FormCard } from '../../../components/form-card';
import { StateField } from '../../../components/form-fields';
import type { CourierFormValues } from '../lib/courier-form-values';

type Side = 'from' | 'to';
const TITLES: Record<Side, string> = { from: 'Sender Information', to: 'Receiver Information' };

/** Sender Information and Receiver Information (spec section 2): a US address plus a phone for the courier. */
export function CourierAddressCard({ side }: { side: Side }) {
  const { register, control, formState } = useFormContext<CourierFormValues>();
  const errors = formState.errors[side];
  const Icon = side === 'from' ? IconTruckDelivery : IconMapPin;
  const kind = side === 'from' ? 'shipping' : 'billing';
  return (
    <FormCard icon={<Icon size={20} />} title={TITLES[side]} color={side === 'from' ? 'blue' : 'teal'}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={100}
          autoComplete={`section-${side} ${kind} name`}
          error={errors?.name?.message}
          {...register(`${side}.name`)}
        />
        <TextInput
          label="Street"
          required
          maxLength={100}
          autoComplete={`section-${side} ${kind} address-line1`}
          error={errors?.street?.message}
          {...register(`${side}.street`)}
        />
        <TextInput
          label="Street 2"
          description="Optional"
          maxLength={100}
          autoComplete={`section-${side} ${kind} address-line2`}
          error={errors?.street2?.message}
          {...register(`${side}.street2`)}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            label="City"
            required
            maxLength={100}
            autoComplete={`section-${side} ${kind} address-level2`}
            error={errors?.city?.message}
            {...register(`${side}.city`)}
          />
          <StateField control={control} name={`${side}.state`} label="State" required />
          <TextInput
            label="ZIP Code"
            required
            inputMode="numeric"
            maxLength={10}
            autoComplete={`section-${side} ${kind} postal-code`}
            error={errors?.zip?.message}
            {...register(`${side}.zip`)}
          />
        </SimpleGrid>
        <TextInput
          label="Phone"
          required
          type="tel"
          maxLength={20}
          autoComplete={`section-${side} ${kind} tel`}
          error={errors?.phone?.message}
          {...register(`${side}.phone`)}
        />
      </Stack>
    </FormCard>
  );
}
