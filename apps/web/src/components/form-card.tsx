import { Group, Paper, ThemeIcon, Title, type MantineColor, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

type CardHeadingProps = {
  icon: ReactNode;
  title: string;
  /** The icon's colour; the theme's primary when left out. */
  color?: MantineColor;
  /** Shown at the heading's other end (a link to a sample). */
  aside?: ReactNode;
  mb?: MantineSpacing;
};

/** The icon and title every form card opens with. */
export function CardHeading({ icon, title, color, aside, mb }: CardHeadingProps) {
  const heading = (
    <Group gap="sm" wrap={aside ? 'nowrap' : undefined} mb={mb}>
      <ThemeIcon variant="light" radius="md" size={34} color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={2} fz="h4">
        {title}
      </Title>
    </Group>
  );
  if (!aside) return heading;
  return (
    <Group justify="space-between" gap="sm">
      {heading}
      {aside}
    </Group>
  );
}

type FormCardProps = Omit<CardHeadingProps, 'aside' | 'mb'> & {
  children: ReactNode;
  /** A named region for screen readers (the default), or a plain panel. */
  isSection?: boolean;
};

/** A titled panel of a form (Package, From, To, Packing slips): its heading, then its fields. */
export function FormCard({ isSection = true, children, ...heading }: FormCardProps) {
  const section = isSection ? { component: 'section' as const, 'aria-label': heading.title } : {};
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} {...section}>
      <CardHeading {...heading} mb="md" />
      {children}
    </Paper>
  );
}
