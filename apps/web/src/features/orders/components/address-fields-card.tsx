import { memo, useEffect } from 'react';
import { Grid, TextInput } from '@mantine/core';
import { allowsCanada, isFedex, type AddressView, type LabelTypeView } from '@portal/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { StateField } from '../../../components/form-fields';
import { useZipPlace } from '../lib/zip-lookup';
import type { AddressSide, OrderFormValues } from '../lib/order-form-values';
import { AddressCardFrame } from './address-card-frame';

type AddressFieldsCardProps = {
  side: AddressSide;
  selectedType: LabelTypeView | undefined;
  savedAddresses: AddressView[] | undefined;
  isLoadingAddresses: boolean;
};

/** Simple Order's From or To card: saved-address picker, Name, Street, Street 2, ZIP, City, State, phone. */
export const AddressFieldsCard = memo(function AddressFieldsCard({
  side,
  selectedType,
  savedAddresses,
  isLoadingAddresses,
}: AddressFieldsCardProps) {
  const { register, setValue, getValues, formState } = useFormContext<OrderFormValues>();
  const errorOf = (part: string) => formState.errors[`${side}${part}` as keyof OrderFormValues]?.message;
  const uid = selectedType?.uid ?? '';
  // Spec section 5: origin always US; the destination may be a Canadian province for some UPS types.
  const withCanada = side === 'To' && allowsCanada(uid);
  const zip = useWatch({ name: `${side}Zip` }) as string;
  const place = useZipPlace(typeof zip === 'string' ? zip : '').data;

  // A ZIP the USPS table knows fills City and State while they are empty; typed values are never replaced.
  useEffect(() => {
    if (!place) return;
    const options = { shouldValidate: formState.isSubmitted, shouldDirty: true };
    if (!getValues(`${side}City`)) setValue(`${side}City`, place.city, options);
    if (!getValues(`${side}State`)) setValue(`${side}State`, place.state, options);
  }, [place, side, getValues, setValue, formState.isSubmitted]);

  const fill = (address: AddressView) => {
    const options = { shouldValidate: formState.isSubmitted, shouldDirty: true };
    setValue(`${side}Name`, address.name, options);
    setValue(`${side}Street`, address.street, options);
    setValue(`${side}Street2`, address.street2, options);
    setValue(`${side}City`, address.city, options);
    setValue(`${side}State`, address.state, options);
    setValue(`${side}Zip`, address.zip, options);
    setValue(`${side}Company`, address.company, options);
  };

  return (
    <AddressCardFrame
      side={side}
      savedAddresses={savedAddresses}
      isLoadingAddresses={isLoadingAddresses}
      onPick={fill}
    >
      <TextInput
        label="Name"
        withAsterisk
        autoComplete="name"
        {...register(`${side}Name`)}
        error={errorOf('Name')}
      />
      <TextInput label="Street" withAsterisk {...register(`${side}Street`)} error={errorOf('Street')} />
      <TextInput
        label="Street 2"
        description="Optional"
        {...register(`${side}Street2`)}
        error={errorOf('Street2')}
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, xs: 3 }}>
          <TextInput
            label="ZIP Code"
            withAsterisk
            inputMode={withCanada ? 'text' : 'numeric'}
            {...register(`${side}Zip`)}
            error={errorOf('Zip')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 5 }}>
          <TextInput label="City" withAsterisk {...register(`${side}City`)} error={errorOf('City')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 4 }}>
          <StateField<OrderFormValues>
            name={`${side}State`}
            label="State"
            withAsterisk
            withCanada={withCanada}
          />
        </Grid.Col>
      </Grid>
      {isFedex(uid) && (
        <TextInput
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...register(`${side}Phone`)}
          error={errorOf('Phone')}
        />
      )}
    </AddressCardFrame>
  );
});
