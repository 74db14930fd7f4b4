import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core';
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
