import { Select, type SelectProps } from '@mantine/core';
import { CA_PROVINCES, US_STATES, type Region } from '@portal/shared';

type StateSelectProps = Omit<SelectProps, 'data'> & {
  /** Adds the Canadian provinces (UPS destinations, spec section 5); otherwise US states and territories. */
  withCanada?: boolean;
};

// Code first, so a narrow field still shows the part that matters (`CO — Colora…`).
const option = (region: Region) => ({ value: region.id, label: `${region.id} — ${region.name}` });
const US_OPTIONS = US_STATES.map(option);
const GROUPED_OPTIONS = [
  { group: 'United States', items: US_OPTIONS },
  { group: 'Canada', items: CA_PROVINCES.map(option) },
];

/** The State field of every address: a searchable list of two-letter codes (spec section 3's built-in list). */
export function StateSelect({ withCanada = false, ...props }: StateSelectProps) {
  return (
    <Select
      searchable
      // Choosing the state a ZIP already filled in keeps it; a required field is never emptied by a click.
      allowDeselect={false}
      autoComplete="off"
      nothingFoundMessage="No matching state"
      placeholder="Select state"
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={withCanada ? GROUPED_OPTIONS : US_OPTIONS}
    />
  );
}
