import { Badge, Loader } from '@mantine/core';
import type { StatusStyle } from '../lib/status-styles';

type StatusBadgeProps = {
  /** The status's label and colour, from the one map in lib/status-styles.ts. */
  statusStyle: StatusStyle;
  /** The raw status, for tests and styles (`data-status`). */
  status: string;
  /** Unfinished work spins. */
  isWorking?: boolean;
  /** The round badge of the money screens (deposits, resellers, mail); other lists use the square one. */
  pill?: boolean;
  /** `lg` beside a page's title. */
  size?: 'md' | 'lg';
  /** `outline` for a state of the machinery rather than of a record (a provider's circuit). */
  variant?: 'light' | 'outline';
};

/** Every status badge in the app: one look for the dashboard, CSV Orders, courier and the console. */
export function StatusBadge({
  statusStyle,
  status,
  isWorking = false,
  pill = false,
  size = 'md',
  variant = 'light',
}: StatusBadgeProps) {
  return (
    <Badge
      color={statusStyle.color}
      variant={variant}
      radius={pill ? undefined : 'sm'}
      tt="none"
      size={size}
      leftSection={isWorking ? <Loader size={10} color={statusStyle.color} type="oval" /> : undefined}
      data-status={status}
      // The label ellipsis would otherwise let a table column squeeze the badge to "Com…".
      style={{ minWidth: 'max-content' }}
    >
      {statusStyle.label}
    </Badge>
  );
}
