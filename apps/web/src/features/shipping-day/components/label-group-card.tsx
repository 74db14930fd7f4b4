import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ShippingDayGroupView } from '@portal/shared';
import { IconFileCheck, IconTruck } from '@tabler/icons-react';
import { StatusBadge } from '../../../components/status-badge';
import { PICKUP_STATUS_STYLE } from '../../../lib/status-styles';
import { ActionButton } from '../../../components/action-button';

type LabelGroupCardProps = {
  group: ShippingDayGroupView;
  isCreatingForm: boolean;
  onCreateScanForm: (orderIds: string[]) => void;
  onSchedulePickup: (group: ShippingDayGroupView, orderIds: string[]) => void;
};

export const placeLine = (a: ShippingDayGroupView['fromAddress']) =>
  [a.street, a.street2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ');

/** Today's labels of one from-address and carrier, with what can be done for them. */
export function LabelGroupCard({
  group,
  isCreatingForm,
  onCreateScanForm,
  onSchedulePickup,
}: LabelGroupCardProps) {
  const notOnForm = group.labels.filter((l) => !l.scanFormId).map((l) => l._id);
  const notPickedUp = group.labels.filter((l) => l.pickupStatus !== 'scheduled').map((l) => l._id);
  const isUsps = group.carrier === 'usps';
  const title = `${group.carrier.toUpperCase()} from ${group.fromAddress.name}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Group gap="xs">
              <Badge variant="light">{group.carrier.toUpperCase()}</Badge>
              <Text fw={600}>{group.fromAddress.name}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {placeLine(group.fromAddress)}
            </Text>
            <Text size="sm">
              {group.labels.length === 1 ? '1 label' : `${group.labels.length} labels`} today
            </Text>
          </Stack>
          <Group gap="xs">
            {isUsps && (
              <ActionButton
                icon={IconFileCheck}
                disabled={notOnForm.length === 0}
                loading={isCreatingForm}
                onClick={() => onCreateScanForm(notOnForm)}
              >
                Create SCAN form
              </ActionButton>
            )}
            <ActionButton
              variant="light"
              icon={IconTruck}
              disabled={notPickedUp.length === 0}
              onClick={() => onSchedulePickup(group, notPickedUp)}
            >
              Schedule pickup
            </ActionButton>
          </Group>
        </Group>
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {group.labels.map((label) => (
            <Group key={label._id} component="li" gap="xs" wrap="wrap">
              <Text size="sm" fw={500}>
                {label.OrderId}
              </Text>
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {label.tracking}
              </Text>
              {label.scanFormId && (
                <Badge size="sm" variant="light" color="indigo">
                  On SCAN form
                </Badge>
              )}
              {label.pickupStatus && (
                <StatusBadge
                  statusStyle={PICKUP_STATUS_STYLE[label.pickupStatus]}
                  status={label.pickupStatus}
                />
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
