import { SimpleGrid, Stack } from '@mantine/core';
import { FormProvider, useWatch } from 'react-hook-form';
import { useAddresses } from '../../../api/addresses';
import { useOrderForm } from '../hooks/use-order-form';
import type { OrderMode } from '../lib/order-form-values';
import { AddressFieldsCard } from './address-fields-card';
import { AddressTextCard } from './address-text-card';
import { AddressWarnings } from '../../../components/address-warnings';
import { OrderSummary } from './order-summary';
import { PackageFields } from './package-fields';

/** Simple Order and Fast Order: the same form; Fast Order takes each address as one text block. */
export function OrderForm({ mode }: { mode: OrderMode }) {
  const {
    form,
    labelTypes,
    selectedType,
    changeLabelType,
    price,
    onSubmit,
    addressWarnings,
    applySuggestion,
    buyAnyway,
    isSubmitting,
  } = useOrderForm(mode);
  const savedAddresses = useAddresses();
  const quantity = useWatch({ control: form.control, name: 'quantity' });
  const AddressCard = mode === 'simple' ? AddressFieldsCard : AddressTextCard;
  const cardProps = {
    selectedType,
    savedAddresses: savedAddresses.data,
    isLoadingAddresses: savedAddresses.isPending,
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={mode === 'simple' ? 'Simple Order' : 'Fast Order'}>
        <Stack gap="lg">
          <PackageFields
            mode={mode}
            labelTypes={labelTypes.data ?? []}
            isLoadingTypes={labelTypes.isPending}
            selectedType={selectedType}
            onLabelTypeChange={changeLabelType}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <AddressCard side="From" {...cardProps} />
            <AddressCard side="To" {...cardProps} />
          </SimpleGrid>
          <AddressWarnings
            warnings={addressWarnings}
            onUse={applySuggestion}
            onConfirm={() => void buyAnyway()}
            isConfirming={isSubmitting}
          />
          <OrderSummary
            unitPrice={price.unitPrice}
            insurance={price.insurance}
            quantity={typeof quantity === 'number' ? quantity : 0}
            total={price.total}
            isPriceLoading={price.isFetching}
            priceError={price.error}
            isSubmitting={isSubmitting}
          />
        </Stack>
      </form>
    </FormProvider>
  );
}
