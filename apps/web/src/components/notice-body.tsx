import { ThemeIcon, Title, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type NoticeBodyProps = {
  icon: (size: number) => ReactNode;
  title: string;
  /** `screen`: a whole page of its own (larger); `panel`: inside a page. */
  size: 'screen' | 'panel';
  color?: string;
  children: ReactNode;
};

/** The round icon, heading and calm sentence that open a full-screen error or a not-yet-available panel. */
export function NoticeBody({ icon, title, size, color, children }: NoticeBodyProps) {
  const screen = size === 'screen';
  return (
    <>
      <ThemeIcon size={screen ? 56 : 48} radius="xl" color={color} variant="light" aria-hidden>
        {icon(screen ? 30 : 26)}
      </ThemeIcon>
      <Title order={2} fz={screen ? 'h3' : 'h4'}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </>
  );
}
