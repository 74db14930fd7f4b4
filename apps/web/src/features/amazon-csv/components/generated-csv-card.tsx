import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconDownload, IconFileCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { handOffCsv } from '../../../lib/csv-handoff';
import { saveFile } from '../../../lib/save-file';
import type { GeneratedCsv } from '../api/amazon-csv';

const ordersText = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/** After generating: the file again on demand, and the way on to the CSV page where it gets validated and paid. */
export function GeneratedCsvCard({ result, pdfName }: { result: GeneratedCsv; pdfName: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="amazon-result">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="teal" variant="light" radius="md" size={34} aria-hidden>
            <IconFileCheck size={20} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Text fw={700}>{result.fileName} is ready</Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {result.orders === null
                ? `Read from ${pdfName}.`
                : `${ordersText(result.orders)} read from ${pdfName}.`}{' '}
              Take it to the CSV page, choose the label type, validate and pay.
            </Text>
          </Stack>
        </Group>
        {result.incomplete > 0 && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {ordersText(result.incomplete)} had an address we could not read in full; the CSV page will show
            which rows to fix.
          </Alert>
        )}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={() => saveFile(result.blob, result.fileName)}
            w={{ base: '100%', xs: 'auto' }}
          >
            Download {result.fileName}
          </Button>
          <Button
            component={Link}
            to="/csv-orders"
            onClick={() => handOffCsv(new File([result.blob], result.fileName, { type: 'text/csv' }))}
            rightSection={<IconArrowRight size={18} />}
            w={{ base: '100%', xs: 'auto' }}
          >
            Order these on the CSV page
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
