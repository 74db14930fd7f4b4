import { Badge, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import {
  curlSnippet,
  fetchSnippet,
  pythonSnippet,
  type ApiEndpoint,
  type SnippetContext,
} from '@portal/shared';
import { CodeBlock } from './code-block';

const LANGUAGES = [
  { value: 'curl', label: 'cURL', build: curlSnippet },
  { value: 'javascript', label: 'JavaScript', build: fetchSnippet },
  { value: 'python', label: 'Python', build: pythonSnippet },
] as const;

/** One endpoint: what it does, its request and response, and ready-to-run snippets with the reseller's key. */
export function EndpointCard({ endpoint, context }: { endpoint: ApiEndpoint; context: SnippetContext }) {
  return (
    <Paper withBorder radius="md" p="md" id={endpoint.id} data-testid="api-endpoint">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Badge variant="filled" color={endpoint.method === 'GET' ? 'teal' : 'blue'} miw={56}>
            {endpoint.method}
          </Badge>
          <Text ff="monospace" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.path}
          </Text>
        </Group>
        <Text fw={600}>{endpoint.title}</Text>
        <Text size="sm" c="dimmed">
          {endpoint.description}
        </Text>
        {endpoint.body && (
          <>
            <Text size="sm" fw={600}>
              Request body
            </Text>
            <CodeBlock code={JSON.stringify(endpoint.body, null, 2)} label="request example" />
          </>
        )}
        <Text size="sm" fw={600}>
          Response
        </Text>
        <CodeBlock code={endpoint.response} label="response example" />
        <Tabs defaultValue="curl" keepMounted={false}>
          <Tabs.List>
            {LANGUAGES.map((l) => (
              <Tabs.Tab key={l.value} value={l.value}>
                {l.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {LANGUAGES.map((l) => (
            <Tabs.Panel key={l.value} value={l.value} pt="xs">
              <CodeBlock code={l.build(endpoint, context)} label={`${l.label} example`} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Paper>
  );
}
