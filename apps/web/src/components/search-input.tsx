import { Group, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type SearchInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  /** The typed text; lists debounce it themselves (`usePagedList`). */
  onChange: (text: string) => void;
};

/** A list's search box, with the magnifier every list shows; in a `FilterBar` it takes the room left. */
export function SearchInput({ value, onChange, className, ...props }: SearchInputProps) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      className={className ? `filter-bar-search ${className}` : 'filter-bar-search'}
      {...props}
    />
  );
}

/**
 * A staff list's filters above its table (global.css `.filter-bar`): each field its own width, the search
 * box at least wide enough for its placeholder and growing into the room left, the rest wrapping onto the
 * next line; on a phone every field takes the whole width. Pages give their fields no widths of their own.
 */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" className="filter-bar">
      {children}
    </Group>
  );
}
