import { Button } from '@mantine/core';
import type { AddressView } from '@portal/shared';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListFailure, ListPanel } from '../../../components/list-panel';
import { PageHeader } from '../../../components/page-header';
import { useAddresses } from '../../../api/addresses';
import { AddressFormDialog } from '../components/address-form-dialog';
import { AddressList, AddressListSkeleton } from '../components/address-list';
import { DeleteAddressDialog } from '../components/delete-address-dialog';
import { AddButton } from '../../../components/add-button';
import { useCan } from '../../../lib/team-role';

type Editing = { address: AddressView | null } | null;

/** `/address`: saved addresses with Create, Update and Delete (spec section 2). */
export function AddressesPage() {
  const addresses = useAddresses();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AddressView | null>(null);
  const openCreate = () => setEditing({ address: null });
  const canWrite = useCan('addresses.write');

  let content;
  if (addresses.isPending) content = <AddressListSkeleton />;
  else if (addresses.isError)
    content = (
      <ListFailure
        title="Could not load your addresses"
        description="Check your connection and try again."
        onRetry={() => void addresses.refetch()}
      />
    );
  else if (addresses.data.length === 0)
    content = (
      <ListPanel
        icon={<IconMapPin />}
        variant="light"
        title="No saved addresses yet"
        description="Save the addresses you ship from and to most often, then pick them on any order form."
        action={canWrite && <AddButton onClick={openCreate}>Create Address</AddButton>}
      />
    );
  else
    content = (
      <AddressList
        addresses={addresses.data}
        onEdit={(address) => setEditing({ address })}
        onDelete={setDeleting}
      />
    );

  return (
    <>
      <PageHeader
        title="Addresses"
        description="Save the addresses you ship from and to most often."
        actions={
          addresses.data?.length && canWrite ? (
            <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
              Create Address
            </Button>
          ) : undefined
        }
      />
      {content}
      <AddressFormDialog
        opened={editing !== null}
        address={editing?.address ?? null}
        onClose={() => setEditing(null)}
      />
      <DeleteAddressDialog address={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
