import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

type PageNavProps = { page: number; totalPages: number; onPage: (page: number) => void; label: string };

/** Prev / current / Next (spec section 2), for every paged list; the server's `totalPages` is at least 1 (decision 301). */
export function PageNav({ page, totalPages: lastPage, onPage, label }: PageNavProps) {
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
