import { Alert, Stack, Text } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { CsvCheck } from '../hooks/use-csv-upload';
import { CsvErrorsTable } from './csv-errors-table';

const rowsText = (rows: number) => `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`;

/** What Validate CSV found: the row count and total, or the server's reason with the rows to fix. */
export function ValidationResult({ check }: { check: CsvCheck }) {
  if (check.ok) {
    const { rows, totalPrice, ignoredColumns } = check.result;
    return (
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
