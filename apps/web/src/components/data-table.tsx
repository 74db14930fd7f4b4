import {
  Alert,
  Button,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  type MantineSpacing,
  type TableTdProps,
  type TableTrProps,
  VisuallyHidden,
} from '@mantine/core';
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
  /** Lines up digits of money and counts. */
  figures?: boolean;
  /** Anything else a cell needs (`maw`, `miw`, a `title` from the row). */
  td?: (row: T) => TableTdProps;
};

/** The actions column: no visible heading, buttons to the right. */
export const actionsColumn = <T,>(cell: (row: T) => ReactNode): DataColumn<T> => ({
  key: 'actions',
  header: <VisuallyHidden>Actions</VisuallyHidden>,
  align: 'right',
  noWrap: true,
  cell,
});

type RowProps = TableTrProps & { [data: `data-${string}`]: string | boolean | undefined };

type DataTableProps<T> = {
  /** The table's accessible name ("Providers"). */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[] | undefined;
  /** Each row's React key; by default its `_id`. */
  rowKey?: (row: T) => string;
  rowTestId?: string;
  /** Per-row attributes beside the test id (`data-status`, a warning background). */
  rowProps?: (row: T) => RowProps;
  isLoading: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** What an empty list says, and what to do about it. */
  empty: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /**
   * `list` (the default): the console's and the reseller's paged lists. The heading stays while rows load,
   * "Loading …" and an empty list's words sit under it, and a failure shows above the table.
   * `panel`: a table that is the whole panel: shimmering rows while loading, the empty words in their
   * place, and a failure inside with a retry.
   * `portal`: the dashboard's tables (soft heading, no stripes); their page shows loading and empty itself.
   * `plain`: only the table, scrolling sideways, inside a frame of the caller's (a card, a settings section);
   * the caller shows loading and empty itself.
   */
  look?: 'list' | 'panel' | 'portal' | 'plain';
  striped?: boolean;
  highlightOnHover?: boolean;
  horizontalSpacing?: MantineSpacing | number;
  verticalSpacing?: MantineSpacing | number;
};

const LOADING_ROWS = 3;
const FIGURES = { fontVariantNumeric: 'tabular-nums' } as const;

/** One line under a list: "Loading orders…" (announced) or what an empty list says. */
export function ListNote({ children, isLoading = false }: { children: ReactNode; isLoading?: boolean }) {
  return (
    <Text c="dimmed" size="sm" ta="center" py="xl" role={isLoading ? 'status' : undefined}>
      {children}
    </Text>
  );
}

/**
 * What an empty list says: a sentence as a dimmed line, or a heading with what to do next (its own texts),
 * centred under the table's heading.
 */
function EmptyNote({ children }: { children: ReactNode }) {
  if (typeof children === 'string') return <ListNote>{children}</ListNote>;
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center">
      {children}
    </Stack>
  );
}

/** A cell of two lines: what it is, and a dimmed line under it (a time under its day, tiers under prices). */
export function CellLines({
  main,
  sub,
  size = 'sm',
}: {
  main: ReactNode;
  sub: ReactNode;
  size?: 'sm' | 'xs';
}) {
  return (
    <>
      <Text size={size}>{main}</Text>
      <Text size="xs" c="dimmed">
        {sub}
      </Text>
    </>
  );
}

/** A portal table's column title: small, grey capitals. */
export function ColumnTitle({ children }: { children: ReactNode }) {
  return (
    <Text span size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
      {children}
    </Text>
  );
}

/**
 * A list from column definitions: one look for its heading, rows, loading, empty state and failure, so a
 * new screen composes columns instead of copying a table (docs/decisions/295-shared-list-pieces.md).
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey = (row) => (row as { _id: string })._id,
  rowTestId,
  rowProps,
  isLoading,
  error,
  onRetry,
  empty,
  minWidth = 720,
  look = 'list',
  striped = look !== 'portal',
  highlightOnHover = true,
  horizontalSpacing,
  verticalSpacing = 'sm',
}: DataTableProps<T>) {
  const isPanel = look === 'panel';
  const hasRows = !isLoading && !error && rows !== undefined && rows.length > 0;
  const cellStyle = (column: DataColumn<T>) => ({
    width: column.width,
    ...(column.noWrap ? { whiteSpace: 'nowrap' as const } : {}),
    ...(column.figures ? FIGURES : {}),
  });
  const table = (
    <Table
      striped={isPanel ? hasRows : striped}
      highlightOnHover={isPanel ? hasRows : highlightOnHover}
      verticalSpacing={verticalSpacing}
      horizontalSpacing={horizontalSpacing}
      miw={look === 'portal' || look === 'plain' ? undefined : minWidth}
      aria-label={label}
      aria-busy={(isPanel && isLoading) || undefined}
    >
      <Table.Thead bg={look === 'portal' ? 'gray.0' : undefined}>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th
              key={column.key}
              ta={column.align}
              style={
                isPanel
                  ? cellStyle(column)
                  : { width: column.width, ...(column.noWrap ? { whiteSpace: 'nowrap' as const } : {}) }
              }
            >
              {look === 'portal' && typeof column.header === 'string' ? (
                <ColumnTitle>{column.header}</ColumnTitle>
              ) : (
                column.header
              )}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {isPanel && isLoading
          ? Array.from({ length: LOADING_ROWS }, (_, i) => (
              <Table.Tr key={i}>
                {columns.map((column) => (
                  <Table.Td key={column.key}>
                    <Skeleton h={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          : (rows ?? []).map((row) => (
              <Table.Tr key={rowKey(row)} data-testid={rowTestId} {...rowProps?.(row)}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    ta={column.align}
                    style={cellStyle(column)}
                    {...column.td?.(row)}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
      </Table.Tbody>
    </Table>
  );

  if (look === 'plain') return <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;

  if (look === 'portal')
    return (
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
      </Paper>
    );

  if (!isPanel)
    return (
      <>
        {error ? <Alert color="red">{errorMessage(error)}</Alert> : null}
        <Paper withBorder radius="md">
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
            {table}
          </ScrollArea>
          {isLoading && <ListNote isLoading>Loading {label.toLowerCase()}…</ListNote>}
          {!isLoading && rows?.length === 0 && <EmptyNote>{empty}</EmptyNote>}
        </Paper>
      </>
    );

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
          {table}
        </ScrollArea>
      )}
      {isLoading && (
        <Text c="dimmed" size="sm" ta="center" pb="md" role="status">
          Loading {label.toLowerCase()}…
        </Text>
      )}
      {!isLoading && !error && rows?.length === 0 && <EmptyNote>{empty}</EmptyNote>}
    </Paper>
  );
}
