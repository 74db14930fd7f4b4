import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Text a reseller or staff member matches character by character (a service uid, a deposit note, a key's end). */
export function CodeText({ children, ...props }: TextProps & { children: ReactNode; 'aria-label'?: string }) {
  return (
    <Text size="sm" ff="monospace" {...props}>
      {children}
    </Text>
  );
}
