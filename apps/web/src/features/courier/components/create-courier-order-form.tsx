import { Button, Grid, Group, Stack, Text } from '@mantine/core';
import { FormProvider, useForm } from 'react-hook-form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useCreateCourierOrder } from '../api/courier-orders';
import {
  COURIER_FORM_FIELDS,
  EMPTY_COURIER_FORM,
  toCreateCourierBody,
  type CourierFormValues,
} from '../lib/courier-form-values';
import { CourierAddressCard } from './courier-address-card';
import { PackageDetailsCard } from './package-details-card';

/**
 * Create Order (spec section 2): the browser checks required fields (spec section 5), the server checks the
 * rest and its messages land on their fields. Staff quote a price before anything is charged.
 */
export function CreateCourierOrderForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreateCourierOrder();
  const form = useForm<CourierFormValues>({ defaultValues: EMPTY_COURIER_FORM });

  const onSubmit = form.handleSubmit(async (values) => {
    if (create.isPending) return;
    try {
      const { message } = await create.mutateAsync(toCreateCourierBody(values));
      notifySuccess(message);
      form.reset(EMPTY_COURIER_FORM);
      onCreated();
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, COURIER_FORM_FIELDS)) notifyError(error);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} aria-label="Create courier order">
        <Stack gap="lg">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <CourierAddressCard side="from" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <CourierAddressCard side="to" />
            </Grid.Col>
          </Grid>
          <PackageDetailsCard />
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm" c="dimmed" maw={520}>
              Our team prices the shipment and sends you a quote. Nothing is charged until you accept it.
            </Text>
            <Button type="submit" size="md" loading={create.isPending} w={{ base: '100%', xs: 'auto' }}>
              Create Order
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
