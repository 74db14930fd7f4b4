import { Select } from '@mantine/core';
import { TRACKING_STATUSES, type TrackingStatus } from '@portal/shared';
import { TRACKING_STATUS_STYLE } from '../../../lib/status-styles';

const OPTIONS = [
  { value: '', label: 'Any tracking' },
  ...TRACKING_STATUSES.map((status) => ({ value: status, label: TRACKING_STATUS_STYLE[status].label })),
];

export const parseTrackingFilter = (value: string | null): TrackingStatus | '' =>
  (TRACKING_STATUSES as readonly string[]).includes(value ?? '') ? (value as TrackingStatus) : '';

type TrackingFilterProps = { value: TrackingStatus | ''; onChange: (next: TrackingStatus | '') => void };

/** Order History by where the parcel is: one status of the tracking vocabulary, or any. */
export function TrackingFilter({ value, onChange }: TrackingFilterProps) {
  return (
    <Select
      aria-label="Tracking status"
      data={OPTIONS}
      value={value}
      onChange={(next) => onChange(parseTrackingFilter(next))}
      allowDeselect={false}
      w={{ base: '100%', xs: 200 }}
    />
  );
}
