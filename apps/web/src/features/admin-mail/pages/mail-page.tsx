import { Button, Modal, Stack, Text } from '@mantine/core';
import type { z } from 'zod';
import type { mailEntryView } from '@portal/shared';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { StatusBadge } from '../../../components/status-badge';
import { MAIL_STATUS_STYLE } from '../../../lib/status-styles';
import { usePagedList } from '../../../lib/use-paged-list';
import { useMail } from '../api/mail';

type Mail = z.infer<typeof mailEntryView>;

const columns = (open: (mail: Mail) => void): DataColumn<Mail>[] => [
  {
    key: 'when',
    header: 'When',
    noWrap: true,
    cell: (mail) =>
      new Date(mail.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
  },
  { key: 'to', header: 'To', cell: (mail) => mail.to },
  { key: 'subject', header: 'Subject', cell: (mail) => mail.subject },
  {
    key: 'delivery',
    header: 'Delivery',
    cell: (mail) => <StatusBadge statusStyle={MAIL_STATUS_STYLE[mail.status]} status={mail.status} pill />,
  },
  {
    key: 'view',
    header: null,
    cell: (mail) => (
      <Button size="compact-sm" variant="subtle" onClick={() => open(mail)}>
        View
      </Button>
    ),
  },
];

/** `/admin/mail`: what the app mailed and whether it went out; codes are masked. */
export function MailPage() {
  const list = usePagedList({});
  const [open, setOpen] = useState<Mail | null>(null);
  const { data, isPending, error } = useMail(list.page);
  return (
    <>
      <PageHeader title="Mail" description="Mail the app sent, newest first. One-time codes are masked." />
      <Stack gap="md">
        <DataTable
          label="Mail"
          columns={columns(setOpen)}
          rows={data?.mails}
          rowTestId="mail-row"
          isLoading={isPending}
          error={error}
          minWidth={680}
          highlightOnHover={false}
          empty="No mail yet."
        />
        <PageNav {...list.nav} totalPages={data?.totalPages} label="Mail pages" />
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
