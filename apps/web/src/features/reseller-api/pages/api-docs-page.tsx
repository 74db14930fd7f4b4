import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { API_BASE_PATH, API_ENDPOINTS } from '@portal/shared';
import { IconExternalLink } from '@tabler/icons-react';
import { ApiKeyField } from '../../../components/api-key-field';
import { PageHeader } from '../../../components/page-header';
import { API_ORIGIN } from '../../../lib/api-base';
import { useSession } from '../../../lib/session';
import { ApiGuide } from '../components/api-guide';
import { CodeBlock } from '../components/code-block';
import { EndpointCard } from '../components/endpoint-card';

const BASE_URL = `${API_ORIGIN}${API_BASE_PATH}`;

/** `/api-docs`: the reseller's key and everything needed to buy labels from their own software. */
export function ApiDocsPage() {
  const session = useSession();
  const apiKey = session.data?.api_key;

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title="RESELLER API DOCS"
        description="Buy labels from your shop, scripts or panel with your API key. Orders appear in your Dashboard."
        actions={
          <Button
            component="a"
            href={`${BASE_URL}/docs`}
            target="_blank"
            rel="noopener"
            variant="light"
            rightSection={<IconExternalLink size={16} />}
          >
            Interactive reference
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Your API key
          </Title>
          {session.isPending && <Loader size="sm" aria-label="Loading your API key" />}
          {session.isError && <Alert color="red">Your API key could not be loaded. Reload the page.</Alert>}
          {apiKey && <ApiKeyField apiKey={apiKey} />}
          {session.data && !apiKey && (
            <Text size="sm" c="dimmed" data-testid="team-key-hint">
              Team members call the API with a key of their own: owners and admins make one on the Team page.
            </Text>
          )}
          <Text size="sm" fw={600}>
            Base URL
          </Text>
          <CodeBlock code={BASE_URL} label="base URL" />
        </Stack>
      </Paper>
      <ApiGuide />
      <Group justify="space-between" align="baseline" mt="sm">
        <Title order={2} fz="lg">
          Endpoints
        </Title>
        <Text size="xs" c="dimmed">
          Examples use your key and base URL
        </Text>
      </Group>
      {API_ENDPOINTS.map((endpoint) => (
        <EndpointCard
          key={endpoint.id}
          endpoint={endpoint}
          context={{ baseUrl: BASE_URL, apiKey: apiKey ?? 'YOUR_API_KEY' }}
        />
      ))}
    </Stack>
  );
}
