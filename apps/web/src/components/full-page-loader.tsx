import { Center, Loader, Stack, Text } from '@mantine/core';

/** Startup spinner shown until the session check finishes (spec section 2). */
export function FullPageLoader({ label = 'Loading LabelPort…' }: { label?: string }) {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
