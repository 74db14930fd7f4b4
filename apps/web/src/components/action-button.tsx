import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, ComponentType } from 'react';

type ActionButtonProps = Omit<ButtonProps, 'size' | 'leftSection'> &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & {
    /** The Tabler icon before the words. */
    icon: ComponentType<{ size?: number }>;
  };

/** A small button with its icon, as rows, cards and selection bars show their actions. */
export function ActionButton({ icon: Icon, ...props }: ActionButtonProps) {
  return <Button size="xs" leftSection={<Icon size={14} />} {...props} />;
}
