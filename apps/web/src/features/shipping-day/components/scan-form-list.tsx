import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ScanFormView } from '@portal/shared';
import { IconDownload } from '@tabler/icons-react';
import { placeLine } from './label-group-card';

type ScanFormListProps = {
  forms: ScanFormView[];
  downloadingId: string | null;
  onDownload: (form: ScanFormView) => void;
};

/** The "SCAN forms" list: each form with its from-address, ship date, labels and its PDF. */
export function ScanFormList({ forms, downloadingId, onDownload }: ScanFormListProps) {
  if (forms.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No SCAN forms yet. Create one from today’s USPS labels above or from the dashboard’s selection.
      </Text>
    );
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {forms.map((form) => (
        <Paper
          key={form._id}
          withBorder
          radius="md"
          p="sm"
          component="li"
          aria-label={`SCAN form ${form._id.slice(0, 8)}`}
        >
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>SCAN form {form._id.slice(0, 8)}</Text>
                {form.isTest && (
                  <Badge size="sm" color="gray" variant="light">
                    Test form
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {form.carrier.toUpperCase()} · ships {form.shipDate} · {form.fromAddress.name},{' '}
                {placeLine(form.fromAddress)}
              </Text>
              <Text size="sm">
                {form.orders.length === 1 ? '1 label' : `${form.orders.length} labels`}:{' '}
                {form.orders.map((o) => o.OrderId).join(', ')}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              loading={downloadingId === form._id}
              onClick={() => onDownload(form)}
            >
              Download PDF
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
