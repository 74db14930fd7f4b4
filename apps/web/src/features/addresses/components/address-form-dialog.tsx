import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { addressBody, fixOf, type AddressView, type AddressWarning } from '@portal/shared';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { AddressWarnings } from '../../../components/address-warnings';
import { StateField } from '../../../components/form-fields';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useCreateAddress, useUpdateAddress } from '../api/addresses';

const ADDRESS_FIELDS = ['name', 'street', 'street2', 'city', 'state', 'zip'] as const;
type AddressFormValues = Record<(typeof ADDRESS_FIELDS)[number], string>;

/**
 * Spec section 5: the address form checks State only (with the server's own rule); the server checks the
 * rest and answers in `message`. `raw` hands every field on untouched, so the cast only widens the keys.
 */
const stateOnlyResolver = zodResolver(addressBody.pick({ state: true }), undefined, {
  raw: true,
}) as unknown as Resolver<AddressFormValues>;

const EMPTY: AddressFormValues = { name: '', street: '', street2: '', city: '', state: '', zip: '' };

type AddressFormDialogProps = {
  opened: boolean;
  /** The address to update, or null to create one. */
  address: AddressView | null;
  onClose: () => void;
};

/** Create Address and Update Address: the same fields, country fixed to the United States. */
export function AddressFormDialog({ opened, address, onClose }: AddressFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={address ? 'Update Address' : 'Create Address'}
      centered
      size="lg"
    >
      {opened && <AddressForm key={address?._id ?? 'new'} address={address} onDone={onClose} />}
    </Modal>
  );
}

function AddressForm({ address, onDone }: { address: AddressView | null; onDone: () => void }) {
  const createAddress = useCreateAddress();
  const updateAddress = useUpdateAddress();
  const isSaving = createAddress.isPending || updateAddress.isPending;
  // Saved with the address check's doubts: the dialog stays open on them, and saving again updates it.
  const [warnings, setWarnings] = useState<AddressWarning[]>([]);
  const [savedId, setSavedId] = useState(address?._id ?? null);
  const { register, control, handleSubmit, formState, setError, setValue } = useForm<AddressFormValues>({
    resolver: stateOnlyResolver,
    defaultValues: address
      ? {
          name: address.name,
          street: address.street,
          street2: address.street2,
          city: address.city,
          state: address.state,
          zip: address.zip,
        }
      : EMPTY,
  });

  // A typed field: bound by name, with its message under it.
  const field = (name: Exclude<keyof AddressFormValues, 'state'>) => ({
    ...register(name),
    error: formState.errors[name]?.message,
  });

  const onSubmit = handleSubmit(async (values) => {
    if (isSaving) return;
    const body = { ...values, country: 'US' };
    try {
      const saved = savedId
        ? await updateAddress.mutateAsync({ id: savedId, body })
        : await createAddress.mutateAsync(body);
      if (saved.warnings?.length) {
        setSavedId(saved.address._id);
        setWarnings(saved.warnings);
        return;
      }
      notifySuccess(saved.message);
      onDone();
    } catch (error) {
      // Field problems go on their fields, all of them; anything else is an outcome for a toast.
      if (!showServerFieldErrors(error, setError, ADDRESS_FIELDS)) notifyError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" autoComplete="name" data-autofocus {...field('name')} />
        <TextInput label="Street" autoComplete="address-line1" {...field('street')} />
        <TextInput
          label="Street 2"
          description="Optional"
          autoComplete="address-line2"
          {...field('street2')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="City" autoComplete="address-level2" {...field('city')} />
          <StateField control={control} name="state" label="State" withAsterisk />
          <TextInput label="ZIP Code" inputMode="numeric" autoComplete="postal-code" {...field('zip')} />
        </SimpleGrid>
        <TextInput label="Country" value="United States" disabled readOnly />
        <AddressWarnings
          title="Check the address"
          description="Saved as typed."
          warnings={warnings}
          onUse={(warning) => {
            for (const [field, value] of Object.entries(fixOf(warning)))
              if (ADDRESS_FIELDS.includes(field as (typeof ADDRESS_FIELDS)[number]))
                setValue(field as (typeof ADDRESS_FIELDS)[number], value, { shouldDirty: true });
            setWarnings((shown) => shown.filter((w) => w !== warning));
          }}
          onConfirm={onDone}
          confirmLabel="Keep as typed"
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving} disabled={formState.isSubmitting}>
            {savedId ? 'Save changes' : 'Create Address'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
