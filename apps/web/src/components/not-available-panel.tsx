import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';

export const NOT_AVAILABLE_TITLE = 'Not available yet';

type NotAvailablePanelProps = { feature: string };

/** Stand-in for a page whose feature has not shipped yet: calm, explicit, no dead controls. */
export function NotAvailablePanel({ feature }: NotAvailablePanelProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} data-testid="not-available">
      <Stack align="center" gap="xs" ta="center" maw={420} mx="auto">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconClockHour4 size={26} />
        </ThemeIcon>
        <Title order={2} fz="h4">
          {NOT_AVAILABLE_TITLE}
        </Title>
        <Text c="dimmed" size="sm">
          {feature} is on its way to LabelPort. Everything else in your account keeps working as usual.
        </Text>
      </Stack>
    </Paper>
  );
}
