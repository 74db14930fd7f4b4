import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/address`: replaced by the addresses feature when it ships. */
export function AddressesPage() {
  return <PagePlaceholder title="Addresses" description="Save the addresses you ship from and to most often." />;
}
