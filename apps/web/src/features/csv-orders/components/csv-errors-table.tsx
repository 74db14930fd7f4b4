import { Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import type { CsvRowError } from '../api/validate-csv';

/** The rows that need fixing: Row (as a spreadsheet numbers it, header = 1) / Column / Problem. */
export function CsvErrorsTable({
  errors,
  title = 'Rows to fix',
  tableLabel = 'CSV errors',
}: {
  errors: CsvRowError[];
  title?: string;
  tableLabel?: string;
}) {
  const count = errors.length;
  return (
    <div>
      <Group gap="xs" mb={6}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Badge color="red" variant="light" radius="sm" data-testid="csv-error-count">
          {count} {count === 1 ? 'problem' : 'problems'}
        </Badge>
      </Group>
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <Table striped withTableBorder stickyHeader fz="sm" aria-label={tableLabel}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>Row</Table.Th>
              <Table.Th w={120}>Column</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((error, i) => (
              <Table.Tr key={`${error.row}-${error.field}-${i}`}>
                <Table.Td ff="monospace">{error.row}</Table.Td>
                <Table.Td ff="monospace">{error.field}</Table.Td>
                <Table.Td>{error.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </div>
  );
}
