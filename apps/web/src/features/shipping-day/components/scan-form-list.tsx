import { Badge, Button, Text } from '@mantine/core';
import type { ScanFormView } from '@portal/shared';
import { IconDownload } from '@tabler/icons-react';
import { placeLine } from './label-group-card';
import { ShipmentCards } from './shipment-cards';

type ScanFormListProps = {
  forms: ScanFormView[];
  downloadingId: string | null;
  onDownload: (form: ScanFormView) => void;
};

/** The "SCAN forms" list: each form with its from-address, ship date, labels and its PDF. */
export function ScanFormList({ forms, downloadingId, onDownload }: ScanFormListProps) {
  return (
    <ShipmentCards
      empty="No SCAN forms yet. Create one from today’s USPS labels above or from the dashboard’s selection."
      cards={forms.map((form) => ({
        id: form._id,
        label: `SCAN form ${form._id.slice(0, 8)}`,
        heading: (
          <>
            <Text fw={600}>SCAN form {form._id.slice(0, 8)}</Text>
            {form.isTest && (
              <Badge size="sm" color="gray" variant="light">
                Test form
              </Badge>
            )}
          </>
        ),
        summary: `${form.carrier.toUpperCase()} · ships ${form.shipDate} · ${form.fromAddress.name}, ${placeLine(form.fromAddress)}`,
        count: form.orders.length === 1 ? '1 label' : `${form.orders.length} labels`,
        orderIds: form.orders.map((o) => o.OrderId),
        action: (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            loading={downloadingId === form._id}
            onClick={() => onDownload(form)}
          >
            Download PDF
          </Button>
        ),
      }))}
    />
  );
}
