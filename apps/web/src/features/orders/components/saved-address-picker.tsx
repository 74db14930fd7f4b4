import { Anchor, Select, Text } from '@mantine/core';
import type { AddressView } from '@portal/shared';
import { IconAddressBook } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

type SavedAddressPickerProps = {
  label: string;
  addresses: AddressView[] | undefined;
  isLoading: boolean;
  onPick: (address: AddressView) => void;
};

/** Choosing a saved address fills the card's fields (or its text block on Fast Order). */
export function SavedAddressPicker({ label, addresses, isLoading, onPick }: SavedAddressPickerProps) {
  const [value, setValue] = useState<string | null>(null);
  const hasNone = !isLoading && addresses?.length === 0;
  return (
    <Select
      label={label}
      placeholder={
        isLoading ? 'Loading saved addresses…' : hasNone ? 'No saved addresses yet' : 'Choose a saved address'
      }
      leftSection={<IconAddressBook size={16} />}
      data={(addresses ?? []).map((a) => ({
        value: a._id,
        label: `${a.name} — ${a.street}, ${a.city}, ${a.state}`,
      }))}
      value={value}
      onChange={(id) => {
        setValue(id);
        const address = addresses?.find((a) => a._id === id);
        if (address) onPick(address);
      }}
      disabled={hasNone}
      searchable
      clearable
      nothingFoundMessage="No matching address"
      description={
        hasNone ? (
          <Text span size="xs">
            Save addresses on the{' '}
            <Anchor component={Link} to="/address" size="xs">
              Addresses
            </Anchor>{' '}
            page to fill this in with one click.
          </Text>
        ) : undefined
      }
    />
  );
}
