import { Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import type { CsvRowError } from '../api/bulk-orders';

/** Problems stop the order (red); warnings only ask for a look before buying (amber). */
const TONES = {
  problem: { color: 'red', one: 'problem', many: 'problems', column: 'Problem', testId: 'csv-error-count' },
  warning: {
    color: 'yellow',
    one: 'warning',
    many: 'warnings',
    column: 'Warning',
    testId: 'csv-warning-count',
  },
} as const;

/** The rows that need fixing (or a look): Row (as a spreadsheet numbers it, header = 1) / Column / Problem. */
export function CsvErrorsTable({
  errors,
  title = 'Rows to fix',
  tableLabel = 'CSV errors',
  tone = 'problem',
}: {
  errors: CsvRowError[];
  title?: string;
  tableLabel?: string;
  tone?: keyof typeof TONES;
}) {
  const count = errors.length;
  const look = TONES[tone];
  return (
    <div>
      <Group gap="xs" mb={6}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Badge color={look.color} variant="light" radius="sm" data-testid={look.testId}>
          {count} {count === 1 ? look.one : look.many}
        </Badge>
      </Group>
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <Table striped withTableBorder stickyHeader fz="sm" aria-label={tableLabel}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>Row</Table.Th>
              <Table.Th w={120}>Column</Table.Th>
              <Table.Th>{look.column}</Table.Th>
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
