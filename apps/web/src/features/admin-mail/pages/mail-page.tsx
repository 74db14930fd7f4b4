import { Alert, Badge, Button, Modal, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { z } from 'zod';
import type { mailEntryView } from '@portal/shared';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { errorMessage } from '../../../lib/notify';
import { useMail } from '../api/mail';

type Mail = z.infer<typeof mailEntryView>;
const STATUS: Record<Mail['status'], { label: string; color: string }> = {
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  outbox: { label: 'Outbox (no SMTP)', color: 'gray' },
};

/** `/admin/mail`: what the app mailed and whether it went out; codes are masked. */
export function MailPage() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Mail | null>(null);
  const { data, isPending, error } = useMail(page);
  return (
    <>
      <PageHeader title="Mail" description="Mail the app sent, newest first. One-time codes are masked." />
      <Stack gap="md">
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        <Paper withBorder radius="md">
          <ScrollArea type="auto">
            <Table striped verticalSpacing="sm" miw={680} aria-label="Mail">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Delivery</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(data?.mails ?? []).map((mail) => (
                  <Table.Tr key={mail._id} data-testid="mail-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {new Date(mail.createdAt).toLocaleString('en-US', {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                    </Table.Td>
                    <Table.Td>{mail.to}</Table.Td>
                    <Table.Td>{mail.subject}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS[mail.status].color} tt="none">
                        {STATUS[mail.status].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="subtle" onClick={() => setOpen(mail)}>
                        View
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {!isPending && data?.mails.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="xl">
              No mail yet.
            </Text>
          )}
        </Paper>
        {data && data.totalPages > 1 && (
          <PageNav page={page} totalPages={data.totalPages} onPage={setPage} label="Mail pages" />
        )}
      </Stack>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject} centered size="lg">
        <Text size="xs" c="dimmed" mb="sm">
          To {open?.to}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {open?.text}
        </Text>
      </Modal>
    </>
  );
}
