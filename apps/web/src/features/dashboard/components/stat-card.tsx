import { Group, Paper, Stack, Text, ThemeIcon, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

type StatCardProps = {
  label: string;
  /** The figure or words under the label. */
  children: ReactNode;
  icon: ReactNode;
  color?: string;
  /** What to do next (a button, or a group of them). */
  action: ReactNode;
};

/** A dashboard card: what it counts, its figure, an icon, and what to do next. */
export function StatCard({ label, children, icon, color, action }: StatCardProps) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {children}
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
      {action}
    </Paper>
  );
}

/** A card's large figure, its digits lined up. */
export const StatFigure = (props: TextProps & { children: ReactNode; 'data-testid'?: string }) => (
  <Text fz={30} fw={700} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }} {...props} />
);
