import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Signed-in paths that match nothing. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
      <Stack align="center" gap="xs" ta="center" maw={420} mx="auto">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconMapSearch size={26} />
        </ThemeIcon>
        <Title order={1} fz="h3">
          Page not found
        </Title>
        <Text c="dimmed" size="sm">
          This address does not lead anywhere in LabelPort. Check the link or head back to your dashboard.
        </Text>
        <Button component={Link} to="/" mt="sm" variant="light">
          Go to Dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
