import { Select, TextInput } from '@mantine/core';
import { ORDER_STATUSES, TRACKING_STATUSES } from '@portal/shared';
import { TRACKING_STATUS_STYLE } from '../../../lib/status-styles';
import { labelTypeOptions } from '../../../lib/label-type-options';
import { useLabelTypes } from '../../../api/label-types';
import type { OrderFilters } from '../api/admin-orders';
import { FilterBar, SearchInput } from '../../../components/search-input';

const STATUS_OPTIONS = [
  { value: 'All', label: 'All statuses' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
];

const TRACKING_OPTIONS = TRACKING_STATUSES.map((s) => ({ value: s, label: TRACKING_STATUS_STYLE[s].label }));

type OrderFiltersBarProps = { value: OrderFilters; onChange: (next: OrderFilters) => void };

/** Search by OrderId, tracking, name or reseller; filters by status, tracking status, label type and date. */
export function OrderFiltersBar({ value, onChange }: OrderFiltersBarProps) {
  const labelTypes = useLabelTypes();
  const set = (key: keyof OrderFilters) => (next: string) => onChange({ ...value, [key]: next });
  return (
    <FilterBar>
      <SearchInput
        label="Search"
        placeholder="OrderId, tracking, name or reseller"
        value={value.search}
        onChange={set('search')}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={value.status}
        onChange={(next) => set('status')(next ?? 'All')}
        allowDeselect={false}
      />
      <Select
        label="Tracking"
        placeholder="Any tracking"
        data={TRACKING_OPTIONS}
        value={value.trackingStatus || null}
        onChange={(next) => set('trackingStatus')(next ?? '')}
        clearable
      />
      <Select
        label="Label type"
        placeholder="All label types"
        data={labelTypeOptions(labelTypes.data ?? [], { offSelectable: true })}
        value={value.labelType || null}
        onChange={(next) => set('labelType')(next ?? '')}
        clearable
      />
      <TextInput
        label="From"
        type="date"
        value={value.from}
        onChange={(e) => set('from')(e.currentTarget.value)}
      />
      <TextInput label="To" type="date" value={value.to} onChange={(e) => set('to')(e.currentTarget.value)} />
    </FilterBar>
  );
}
