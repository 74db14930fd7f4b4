import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export const UNEXPECTED_ERROR_TEXT = 'Unexpected Application Error!';

/** The generic error screen (spec section 2); a reload is the one thing a user can usefully do. */
export function ErrorScreen() {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder radius="lg" p="xl" maw={440} w="100%" shadow="sm">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
            <IconAlertTriangle size={30} />
          </ThemeIcon>
          <Title order={2} fz="h3">
            {UNEXPECTED_ERROR_TEXT}
          </Title>
          <Text c="dimmed" size="sm">
            Something went wrong while showing this page. Your balance and orders are safe.
          </Text>
          <Button onClick={() => window.location.reload()}>Reload page</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
