import { Group, Paper, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled card of the generator form (Packing slips, From Details). */
export function FormSection({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" radius="md" size={34} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} fz="h4">
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}
