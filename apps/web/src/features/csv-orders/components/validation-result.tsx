import { Alert, Button, ScrollArea, Stack, Text } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { AddressWarningList } from '../../../components/address-warnings';
import type { CsvCheck } from '../hooks/use-csv-upload';
import { CsvErrorsTable } from './csv-errors-table';

const rowsText = (rows: number) => `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`;

/** What Validate CSV found: the row count and total, or the server's reason with the rows to fix. */
export function ValidationResult({
  check,
  onDownloadCorrected,
}: {
  check: CsvCheck;
  onDownloadCorrected?: () => void;
}) {
  if (check.ok) {
    const { rows, totalPrice, ignoredColumns, warnings = [], warningRows = 0 } = check.result;
    return (
      <Stack gap="sm">
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          title="CSV is valid"
          data-testid="csv-validation-summary"
        >
          <Text size="sm" fw={600}>
            {rowsText(rows)} · total {formatUsd(totalPrice)}
          </Text>
          {ignoredColumns.length > 0 && (
            <Text size="xs" c="dimmed" mt={4}>
              Ignored columns: {ignoredColumns.join(', ')}
            </Text>
          )}
        </Alert>
        {warningRows > 0 && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Check the addresses"
            data-testid="csv-address-warnings"
          >
            <Stack gap="sm">
              <Text size="sm">
                {rowsText(warningRows)} {warningRows === 1 ? 'has' : 'have'} address warnings: the ZIP does
                not match the city or state the USPS list gives it. Download the file with the suggestions
                written in, or buy anyway.
              </Text>
              <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
                <AddressWarningList warnings={warnings} aria-label="CSV address warnings" />
              </ScrollArea.Autosize>
              {onDownloadCorrected && (
                <Button
                  variant="default"
                  leftSection={<IconDownload size={18} />}
                  onClick={onDownloadCorrected}
                  w={{ base: '100%', xs: 'auto' }}
                >
                  Download corrected CSV
                </Button>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="csv-validation-errors">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title="This CSV cannot be ordered"
      >
        <Text size="sm">{check.message}</Text>
      </Alert>
      {check.errors.length > 0 && <CsvErrorsTable errors={check.errors} />}
    </Stack>
  );
}
