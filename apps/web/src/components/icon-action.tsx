import { ActionIcon, Group, Tooltip, type ActionIconProps } from '@mantine/core';
import type { ReactNode } from 'react';

type IconActionProps = ActionIconProps & {
  /** The tooltip: what the icon does ("Download label"). */
  tip: string;
  /** Its accessible name, with the record it acts on ("Download label LBL-10042"). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
};

/** A row's icon button with its tooltip: the actions at the end of order, address and provider rows. */
export function IconAction({ tip, label, icon, ...button }: IconActionProps) {
  return (
    <Tooltip label={tip} withArrow>
      <ActionIcon aria-label={label} {...button}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** One of a row's icon buttons; `isShown: false` leaves it out (Download before a label exists). */
export type RowAction = IconActionProps & { isShown?: boolean };

/** A row's icon buttons, right-aligned on one line. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {actions
        .filter((action) => action.isShown !== false)
        .map(({ isShown: _isShown, ...action }) => (
          <IconAction key={action.tip} {...action} />
        ))}
    </Group>
  );
}
