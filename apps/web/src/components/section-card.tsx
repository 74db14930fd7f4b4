import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionCardProps = {
  title: string;
  children: ReactNode;
  /** Tighter spacing and a smaller heading, for a run of short sections (the API guide). */
  isCompact?: boolean;
};

/** A bordered card with its heading: one group of settings, one section of a guide. */
export function SectionCard({ title, children, isCompact = false }: SectionCardProps) {
  const size = isCompact ? 'md' : 'lg';
  return (
    <Paper withBorder radius={size} p={size}>
      <Stack gap={isCompact ? 'xs' : 'md'}>
        <Title order={2} fz={isCompact ? 'lg' : 'h4'}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
