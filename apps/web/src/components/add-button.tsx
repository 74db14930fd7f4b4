import { Button, type ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The button that starts a new record (a label type, a provider, an address, an endpoint), with its plus sign. */
export function AddButton({
  children,
  ...props
}: ButtonProps & { children: ReactNode; onClick: () => void; title?: string | undefined }) {
  return (
    <Button leftSection={<IconPlus size={16} />} {...props}>
      {children}
    </Button>
  );
}
