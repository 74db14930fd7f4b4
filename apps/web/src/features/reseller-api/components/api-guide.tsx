import { List, Table, Text } from '@mantine/core';
import { API_ERROR_CODES } from '@portal/shared';
import { SectionCard } from '../../../components/section-card';

/** Authentication, idempotency, rate limits and error codes: what every caller needs before the endpoints. */
export function ApiGuide() {
  return (
    <>
      <SectionCard title="Authentication" isCompact>
        <Text size="sm">
          Send your API key in the <code>x-api-key</code> header of every request. A key in the URL or a
          bearer token is refused. Regenerating the key stops the old one at once.
        </Text>
      </SectionCard>
      <SectionCard title="Idempotency and rate limits" isCompact>
        <List size="sm" spacing={4}>
          <List.Item>
            Send an <code>Idempotency-Key</code> header (any text up to 255 characters) with each purchase.
            Retry with the same key and body and you get the first reply again, charged once. The same key
            with a different body is a 422; while the first request still runs, a 409. Keys are kept 24 hours.
          </List.Item>
          <List.Item>
            Each key may make 120 requests a minute and 10 purchases a second. Replies carry{' '}
            <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code>;
            over the limit you get a 429 with <code>Retry-After</code> seconds.
          </List.Item>
        </List>
      </SectionCard>
      <SectionCard title="Errors" isCompact>
        <Text size="sm">
          Errors are JSON: <code>{'{ "message": "…", "errors": [{ "row", "field", "message" }] }'}</code>.
        </Text>
        <Table.ScrollContainer minWidth={320}>
          <Table striped withTableBorder verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Th>Meaning</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {API_ERROR_CODES.map((e) => (
                <Table.Tr key={e.status}>
                  <Table.Td fw={600}>{e.status}</Table.Td>
                  <Table.Td>{e.meaning}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </SectionCard>
    </>
  );
}
