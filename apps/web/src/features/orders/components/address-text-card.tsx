import { memo } from 'react';
import { Group, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import {
  isFedex,
  formatAddressAsText,
  parseFreeTextAddress,
  QUICK_ORDER_ADDRESS_HINT,
  type AddressView,
  type LabelTypeView,
} from '@portal/shared';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AddressSide, OrderFormValues } from '../lib/order-form-values';
import { useZipPlace, zipInText } from '../lib/zip-lookup';
import { AddressCardFrame } from './address-card-frame';

type AddressTextCardProps = {
  side: AddressSide;
  selectedType: LabelTypeView | undefined;
  savedAddresses: AddressView[] | undefined;
  isLoadingAddresses: boolean;
};

const TEXT_FIELD = { From: 'fromText', To: 'toText' } as const;

/** What the parser reads from the block, as the user types: the address it understood or the line it could not. */
function ParsePreview({ text, hasError }: { text: string; hasError: boolean }) {
  const place = useZipPlace(zipInText(text)).data;
  if (!text.trim()) return null;
  // A city line without a readable state is read with the ZIP's USPS place once it is looked up.
  const result = parseFreeTextAddress(text, {
    placeOfZip: (zip5) => (place?.zip === zip5 ? place : undefined),
  });
  // Once the form shows the problem as the field's error, the preview does not repeat it.
  if (!result.ok && hasError) return null;
  if (!result.ok)
    return (
      <Group gap={6} wrap="nowrap" align="flex-start" data-testid="parse-preview">
        <IconAlertTriangle
          size={16}
          color="var(--mantine-color-orange-6)"
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Text size="xs" c="orange.8">
          {result.message}
        </Text>
      </Group>
    );
  const a = result.address;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="parse-preview">
      <ThemeIcon size={16} radius="xl" color="teal" variant="transparent" aria-hidden>
        <IconCircleCheck size={16} />
      </ThemeIcon>
      <Text size="xs" c="dimmed">
        Reads as {a.name} · {[a.street, a.street2].filter(Boolean).join(', ')} · {a.city}, {a.state} {a.zip}
      </Text>
    </Group>
  );
}

/** Fast Order's From or To card: one free-text block, filled from a saved address on request. */
export const AddressTextCard = memo(function AddressTextCard({
  side,
  selectedType,
  savedAddresses,
  isLoadingAddresses,
}: AddressTextCardProps) {
  const { register, control, setValue, formState } = useFormContext<OrderFormValues>();
  const field = TEXT_FIELD[side];
  const text = useWatch({ control, name: field });

  return (
    <AddressCardFrame
      side={side}
      savedAddresses={savedAddresses}
      isLoadingAddresses={isLoadingAddresses}
      onPick={(address) =>
        setValue(field, formatAddressAsText(address), {
          shouldValidate: formState.isSubmitted,
          shouldDirty: true,
        })
      }
    >
      <Textarea
        label="Address"
        withAsterisk
        description="Name; street, street 2; city, state; ZIP — one per line"
        placeholder={QUICK_ORDER_ADDRESS_HINT}
        autosize
        minRows={4}
        maxRows={8}
        spellCheck={false}
        {...register(field)}
        error={formState.errors[field]?.message}
        styles={{
          input: {
            fontFamily: 'var(--mantine-font-family-monospace)',
            fontSize: 'var(--mantine-font-size-sm)',
          },
        }}
      />
      <ParsePreview text={text} hasError={Boolean(formState.errors[field])} />
      {isFedex(selectedType?.uid ?? '') && (
        <TextInput
          label="Phone"
          type="tel"
          inputMode="tel"
          {...register(`${side}Phone`)}
          error={formState.errors[`${side}Phone`]?.message}
        />
      )}
    </AddressCardFrame>
  );
});
