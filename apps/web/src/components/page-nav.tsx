import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

type PageNavProps = {
  page: number;
  /** Unknown until the first page has loaded: nothing shows until then. */
  totalPages: number | undefined;
  onPage: (page: number) => void;
  label: string;
  /** Shows "1 of 1" too; by default a list that fits one page has no navigator. */
  always?: boolean;
};

/** Prev / current / Next (spec section 2), for every paged list; `usePagedList` holds its page; the server's `totalPages` is at least 1 (decision 301). */
export function PageNav({ page, totalPages, onPage, label, always = false }: PageNavProps) {
  if (totalPages === undefined || (totalPages <= 1 && !always)) return null;
  const lastPage = Math.max(totalPages, 1);
  return (
    <Group justify="center" gap="sm" component="nav" aria-label={label}>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} />}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Prev
      </Button>
      <Text size="sm" fw={600} aria-current="page" data-testid="current-page" miw={64} ta="center">
        {page}{' '}
        <Text span size="sm" c="dimmed" fw={400}>
          of {lastPage}
        </Text>
      </Text>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} />}
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
