import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

type DetailsDrawerProps = {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
};

/**
 * One record's details beside the list it was opened from; the whole screen on a phone. Built from the
 * drawer's parts so its header is not a second banner landmark of the page and its close button has a name.
 */
export function DetailsDrawer({ opened, title, onClose, children }: DetailsDrawerProps) {
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Drawer.Root
      opened={opened}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'lg'}
      padding="lg"
    >
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header role="presentation">
          <Drawer.Title fw={700} fz="lg">
            {title}
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close" />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
