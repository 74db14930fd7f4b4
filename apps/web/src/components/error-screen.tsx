import { Button, Center, Paper, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { NoticeBody } from './notice-body';

export const UNEXPECTED_ERROR_TEXT = 'Unexpected Application Error!';

/** The generic error screen (spec section 2); a reload is the one thing a user can usefully do. */
export function ErrorScreen() {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder radius="lg" p="xl" maw={440} w="100%" shadow="sm">
        <Stack align="center" gap="md" ta="center">
          <NoticeBody
            icon={(size) => <IconAlertTriangle size={size} />}
            title={UNEXPECTED_ERROR_TEXT}
            size="screen"
            color="red"
          >
            Something went wrong while showing this page. Your balance and orders are safe.
          </NoticeBody>
          <Button onClick={() => window.location.reload()}>Reload page</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
