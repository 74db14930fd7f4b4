import { Badge, Loader } from '@mantine/core';
import type { StatusLook } from '../lib/status-looks';

type StatusBadgeProps = {
  /** The status's label and colour, from the one map in lib/status-looks.ts. */
  look: StatusLook;
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
  look,
  status,
  isWorking = false,
  pill = false,
  size = 'md',
  variant = 'light',
}: StatusBadgeProps) {
  return (
    <Badge
      color={look.color}
      variant={variant}
      radius={pill ? undefined : 'sm'}
      tt="none"
      size={size}
      leftSection={isWorking ? <Loader size={10} color={look.color} type="oval" /> : undefined}
      data-status={status}
      // The label ellipsis would otherwise let a table column squeeze the badge to "Com…".
      style={{ minWidth: 'max-content' }}
    >
      {look.label}
    </Badge>
  );
}
