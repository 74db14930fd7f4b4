import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatUsd } from '@portal/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageNav } from '../../../components/page-nav';
import { StatusBadge } from '../../../components/status-badge';
import { enabledStyle } from '../../../lib/status-styles';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { useReseller, useResellerAction, useResellerLedger, type ResellerAction } from '../api/resellers';
import { AdjustBalanceDialog } from '../components/adjust-balance-dialog';
import { LedgerTable } from '../components/ledger-table';
import { ResellerPrices } from '../components/reseller-prices';
import { TeamMembers } from '../components/team-members';

const CONFIRM: Record<ResellerAction, { title: string; text: string; button: string; color: string }> = {
  disable: {
    title: 'Disable this account?',
    text: 'They cannot sign in, every session ends at once and their API key is refused until you enable it again.',
    button: 'Disable account',
    color: 'red',
  },
  enable: {
    title: 'Enable this account?',
    text: 'They can sign in and use their API key again.',
    button: 'Enable account',
    color: 'teal',
  },
  'revoke-sessions': {
    title: 'Sign them out everywhere?',
    text: 'Every session of this account ends now; they can sign in again.',
    button: 'End sessions',
    color: 'orange',
  },
  'reset-api-key': {
    title: 'Issue a new API key?',
    text: 'Their tools stop working until they use the new key shown on their Reseller API page.',
    button: 'Issue new key',
    color: 'orange',
  },
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** `/admin/resellers/:id`: balance and access of one reseller, their ledger, and the staff actions. */
export function ResellerDetailPage() {
  const { id = '' } = useParams();
  const { data, isPending, error } = useReseller(id);
  const [ledgerPage, setLedgerPage] = useState(1);
  const ledger = useResellerLedger(id, ledgerPage);
  const [isAdjusting, adjusting] = useDisclosure(false);
  const [confirming, setConfirming] = useState<ResellerAction | null>(null);
  const action = useResellerAction(id);

  const run = async () => {
    if (!confirming || action.isPending) return;
    try {
      notifySuccess((await action.mutateAsync(confirming)).message);
    } catch (e) {
      notifyError(e);
    } finally {
      setConfirming(null);
    }
  };

  const back = (
    <Anchor component={Link} to="/admin/resellers" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> All resellers
      </Group>
    </Anchor>
  );
  if (error)
    return (
      <Stack>
        {back}
        <Alert color="red">{errorMessage(error)}</Alert>
      </Stack>
    );
  if (isPending || !data)
    return (
      <Stack>
        {back}
        <Skeleton h={180} radius="lg" />
        <Skeleton h={240} radius="lg" />
      </Stack>
    );
  const { user } = data;
  const prompt = confirming ? CONFIRM[confirming] : null;
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {user.discordId}
          </Title>
          <Text c="dimmed" size="sm">
            {user.username}
          </Text>
        </div>
        <Group gap="xs">
          <StatusBadge
            statusStyle={enabledStyle(user.enabled)}
            status={user.enabled ? 'enabled' : 'disabled'}
            size="lg"
            pill
          />
          {user.role === 'admin' && (
            <Badge color="grape" variant="light" size="lg" tt="none">
              Staff
            </Badge>
          )}
        </Group>
      </Group>
      <Paper withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="lg">
          <Fact label="Balance" value={formatUsd(user.balance)} />
          <Fact label="Orders" value={user.orderCount.toLocaleString('en-US')} />
          <Fact
            label="E-mail"
            value={user.email ? `${user.email}${user.emailVerified ? '' : ' (unverified)'}` : '—'}
          />
          <Fact label="Active sessions" value={String(user.activeSessions)} />
          <Fact
            label="Created"
            value={new Date(user.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
          />
        </SimpleGrid>
        <Group mt="lg" gap="sm">
          <Button onClick={adjusting.open}>Adjust balance</Button>
          <Button variant="default" onClick={() => setConfirming('revoke-sessions')}>
            End sessions
          </Button>
          <Button variant="default" onClick={() => setConfirming('reset-api-key')}>
            New API key
          </Button>
          <Button
            variant="light"
            color={user.enabled ? 'red' : 'teal'}
            onClick={() => setConfirming(user.enabled ? 'disable' : 'enable')}
          >
            {user.enabled ? 'Disable account' : 'Enable account'}
          </Button>
        </Group>
      </Paper>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Ledger
        </Title>
        <LedgerTable entries={ledger.data?.entries ?? data.recentLedger} />
        <PageNav
          page={ledgerPage}
          totalPages={ledger.data?.totalPages}
          onPage={setLedgerPage}
          label="Ledger pages"
        />
      </Stack>
      <TeamMembers userId={user._id} />
      <ResellerPrices userId={user._id} discordId={user.discordId} />
      <AdjustBalanceDialog
        userId={user._id}
        discordId={user.discordId}
        balance={user.balance}
        opened={isAdjusting}
        onClose={adjusting.close}
      />
      <Modal opened={prompt !== null} onClose={() => setConfirming(null)} title={prompt?.title} centered>
        <Text size="sm">{prompt?.text}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button color={prompt?.color} loading={action.isPending} onClick={run}>
            {prompt?.button}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
