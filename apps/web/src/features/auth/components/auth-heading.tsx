import { Stack, Text, Title } from '@mantine/core';

export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} fz={26} fw={700} style={{ letterSpacing: '-0.01em' }}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {subtitle}
      </Text>
    </Stack>
  );
}
