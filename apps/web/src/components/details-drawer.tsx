import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

type DetailsDrawerProps = {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
};

/** One record's details beside the list it was opened from; the whole screen on a phone. */
export function DetailsDrawer({ opened, title, onClose, children }: DetailsDrawerProps) {
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="right"
      size={isPhone ? '100%' : 'lg'}
      padding="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Drawer>
  );
}
