import { Paper, Stack } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { NoticeBody } from './notice-body';

export const NOT_AVAILABLE_TITLE = 'Not available yet';

type NotAvailablePanelProps = { feature: string };

/** Stand-in for a page whose feature has not shipped yet: calm, explicit, no dead controls. */
export function NotAvailablePanel({ feature }: NotAvailablePanelProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} data-testid="not-available">
      <Stack align="center" gap="xs" ta="center" maw={420} mx="auto">
        <NoticeBody icon={(size) => <IconClockHour4 size={size} />} title={NOT_AVAILABLE_TITLE} size="panel">
          {feature} is on its way to LabelPort. Everything else in your account keeps working as usual.
        </NoticeBody>
      </Stack>
    </Paper>
  );
}
