import { NotAvailablePanel } from './not-available-panel';
import { PageHeader } from './page-header';

type PagePlaceholderProps = { title: string; description: string };

/** A whole page that is not built yet: its real title and purpose, then the "not available yet" panel. */
export function PagePlaceholder({ title, description }: PagePlaceholderProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <NotAvailablePanel feature={title} />
    </>
  );
}
