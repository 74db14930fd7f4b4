import { Alert, Button, Group, Paper, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/notify';

export type DataColumn<T> = {
  key: string;
  /** The column heading; wrap it in VisuallyHidden for an actions column. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Keeps the cell on one line (figures, dates, badges). */
  noWrap?: boolean;
};

type DataTableProps<T> = {
  /** The table's accessible name ("Providers"). */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  isLoading: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** What an empty list says, and what to do about it. */
  empty: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  rowTestId?: string;
};

const LOADING_ROWS = 3;

/**
 * A console list from column definitions: one look for its heading, rows, loading skeleton, empty
 * state and failure (with a retry), so a new screen composes columns instead of copying a table.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  isLoading,
  error,
  onRetry,
  empty,
  minWidth = 720,
  rowTestId,
}: DataTableProps<T>) {
  const cellStyle = (column: DataColumn<T>) =>
    column.noWrap ? { whiteSpace: 'nowrap' as const, width: column.width } : { width: column.width };
  const hasRows = !isLoading && !error && rows !== undefined && rows.length > 0;
  return (
    <Paper withBorder radius="md">
      {error ? (
        <Alert color="red" variant="light" m="md" title="Could not load this list">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{errorMessage(error)}</Text>
            {onRetry && (
              <Button size="xs" variant="default" onClick={onRetry}>
                Try again
              </Button>
            )}
          </Group>
        </Alert>
      ) : null}
      {(hasRows || isLoading) && (
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
          <Table
            striped={hasRows}
            highlightOnHover={hasRows}
            verticalSpacing="sm"
            miw={minWidth}
            aria-label={label}
            aria-busy={isLoading || undefined}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} ta={column.align} style={cellStyle(column)}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isLoading
                ? Array.from({ length: LOADING_ROWS }, (_, i) => (
                    <Table.Tr key={i}>
                      {columns.map((column) => (
                        <Table.Td key={column.key}>
                          <Skeleton h={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows!.map((row) => (
                    <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
                      {columns.map((column) => (
                        <Table.Td key={column.key} ta={column.align} style={cellStyle(column)}>
                          {column.cell(row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {isLoading && (
        <Text c="dimmed" size="sm" ta="center" pb="md" role="status">
          Loading {label.toLowerCase()}…
        </Text>
      )}
      {!isLoading && !error && rows?.length === 0 && (
        <Stack align="center" gap="xs" py="xl" px="md" ta="center">
          {empty}
        </Stack>
      )}
    </Paper>
  );
}
