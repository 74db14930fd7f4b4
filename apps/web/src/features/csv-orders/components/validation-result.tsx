import { Alert, Button, ScrollArea, Stack, Text } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { AddressWarningList } from '../../../components/address-warnings';
import type { ReactNode } from 'react';
import type { CsvCheck } from '../hooks/use-csv-upload';
import { CsvErrorsTable } from './csv-errors-table';

/** The check's three answers: each its colour and icon. */
const TONES = {
  valid: { color: 'teal', Icon: IconCircleCheck },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  invalid: { color: 'red', Icon: IconAlertCircle },
} as const;

type VerdictAlertProps = { tone: keyof typeof TONES; title: string; testId?: string; children: ReactNode };

function VerdictAlert({ tone, title, testId, children }: VerdictAlertProps) {
  const { color, Icon } = TONES[tone];
  return (
    <Alert color={color} variant="light" icon={<Icon size={18} />} title={title} data-testid={testId}>
      {children}
    </Alert>
  );
}

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
        <VerdictAlert tone="valid" title="CSV is valid" testId="csv-validation-summary">
          <Text size="sm" fw={600}>
            {rowsText(rows)} · total {formatUsd(totalPrice)}
          </Text>
          {ignoredColumns.length > 0 && (
            <Text size="xs" c="dimmed" mt={4}>
              Ignored columns: {ignoredColumns.join(', ')}
            </Text>
          )}
        </VerdictAlert>
        {warningRows > 0 && (
          <VerdictAlert tone="warning" title="Check the addresses" testId="csv-address-warnings">
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
          </VerdictAlert>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="csv-validation-errors">
      <VerdictAlert tone="invalid" title="This CSV cannot be ordered">
        <Text size="sm">{check.message}</Text>
      </VerdictAlert>
      {check.errors.length > 0 && <CsvErrorsTable errors={check.errors} />}
    </Stack>
  );
}
