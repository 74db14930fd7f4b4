import { Badge, Loader } from '@mantine/core';

type StatusBadgeProps = { color: string; label: string; isWorking: boolean; status: string };

/** An order's or a bulk order's status; unfinished ones spin. One look for the dashboard and CSV Orders. */
export function StatusBadge({ color, label, isWorking, status }: StatusBadgeProps) {
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      size="md"
      leftSection={isWorking ? <Loader size={10} color={color} type="oval" /> : undefined}
      data-status={status}
      // The label ellipsis would otherwise let a table column squeeze the badge to "Com…".
      style={{ minWidth: 'max-content' }}
    >
      {label}
    </Badge>
  );
}
