import { Group, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type SearchInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  /** The typed text; lists debounce it themselves (`usePagedList`). */
  onChange: (text: string) => void;
};

/** A list's search box, with the magnifier every list shows. */
export function SearchInput({ value, onChange, ...props }: SearchInputProps) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}

/** A staff list's filters on one line above its table, wrapping on a narrow screen. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {children}
    </Group>
  );
}
