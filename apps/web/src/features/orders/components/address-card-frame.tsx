import { Stack } from '@mantine/core';
import type { AddressView } from '@portal/shared';
import { IconMapPin, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormCard } from '../../../components/form-card';
import type { AddressSide } from '../lib/order-form-values';
import { SavedAddressPicker } from './saved-address-picker';

type AddressCardFrameProps = {
  side: AddressSide;
  savedAddresses: AddressView[] | undefined;
  isLoadingAddresses: boolean;
  /** Fills the card's inputs (or its text block) from the saved address chosen. */
  onPick: (address: AddressView) => void;
  children: ReactNode;
};

/** The From and To cards (spec section 2): a titled panel, the saved-address picker, the address inputs. */
export function AddressCardFrame({
  side,
  savedAddresses,
  isLoadingAddresses,
  onPick,
  children,
}: AddressCardFrameProps) {
  const Icon = side === 'From' ? IconTruckDelivery : IconMapPin;
  return (
    <FormCard icon={<Icon size={20} />} title={side} color={side === 'From' ? 'blue' : 'teal'}>
      <Stack gap="sm">
        <SavedAddressPicker
          label="Saved address"
          addresses={savedAddresses}
          isLoading={isLoadingAddresses}
          onPick={onPick}
        />
        {children}
      </Stack>
    </FormCard>
  );
}
