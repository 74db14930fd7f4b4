import { Autocomplete, Group, Radio, Select, Stack, Text } from '@mantine/core';
import {
  CARRIER_NAMES,
  CARRIERS,
  PROVIDER_KIND_NAMES,
  type Carrier,
  type ServiceChoiceView,
  type WeightUnit,
} from '@portal/shared';
import { useServiceChoices } from '../api/admin-label-types';

export type StaffService = { carrier: Carrier | null; service: string; weightUnit: WeightUnit | null };

type Props = StaffService & {
  errors: { carrier?: string | undefined; service?: string | undefined; weightUnit?: string | undefined };
  onChange: (change: Partial<StaffService>) => void;
};

/** Where a choice came from, as its group in the list: the provider that reported it, or a documented list. */
const groupOf = (choice: ServiceChoiceView): string =>
  choice.providerName === null
    ? `${PROVIDER_KIND_NAMES[choice.source]} (documented)`
    : `${choice.providerName} (${PROVIDER_KIND_NAMES[choice.source]})`;

/** The choices grouped by where they came from, each service once (the first place it appears). */
export function groupChoices(choices: readonly ServiceChoiceView[]) {
  const seen = new Set<string>();
  const groups = new Map<string, string[]>();
  for (const choice of choices) {
    if (seen.has(choice.service)) continue;
    seen.add(choice.service);
    const group = groupOf(choice);
    groups.set(group, [...(groups.get(group) ?? []), choice.service]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/**
 * A staff-made type's carrier, service and weight unit (decision 334): the service is chosen from what
 * the providers sell for the carrier (an upstream portal's label type also sets its unit) or typed freely.
 */
export function StaffServiceFields({ carrier, service, weightUnit, errors, onChange }: Props) {
  const choices = useServiceChoices(carrier);
  const all = choices.data?.choices ?? [];
  const nameOf = (value: string) => all.find((c) => c.service === value)?.name;
  const unavailable = choices.data?.unavailable ?? [];
  return (
    <Stack gap="sm">
      <Select
        label="Carrier"
        placeholder="Choose a carrier"
        data={CARRIERS.map((c) => ({ value: c, label: CARRIER_NAMES[c] }))}
        value={carrier}
        onChange={(value) => value && onChange({ carrier: value as Carrier })}
        error={errors.carrier}
        required
        allowDeselect={false}
      />
      <Autocomplete
        label="Service"
        description={
          carrier
            ? 'As the providers name it: an upstream label type, an EasyPost service or a Shippo token; or type one'
            : 'Choose a carrier first'
        }
        placeholder={
          carrier === 'ups' ? 'ups_ground_saver' : carrier === 'fedex' ? 'FEDEX_GROUND' : 'GroundAdvantage'
        }
        data={groupChoices(all)}
        value={service}
        onChange={(value) => onChange({ service: value })}
        onOptionSubmit={(value) => {
          const unit = all.find((c) => c.service === value && c.weightUnit)?.weightUnit;
          if (unit) onChange({ weightUnit: unit });
        }}
        renderOption={({ option }) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{nameOf(option.value) ?? option.value}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {option.value}
            </Text>
          </Group>
        )}
        error={errors.service}
        disabled={!carrier}
        required
        limit={60}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      {unavailable.length > 0 && (
        <Text size="xs" c="dimmed">
          Not reachable just now: {unavailable.map((u) => u.providerName).join(', ')}. Their documented
          services and free text still work.
        </Text>
      )}
      <Radio.Group
        label="Weight unit"
        value={weightUnit}
        onChange={(value) => onChange({ weightUnit: value as WeightUnit })}
        error={errors.weightUnit}
        required
      >
        <Group gap="lg" mt={4}>
          <Radio value="oz" label="Ounces (oz)" />
          <Radio value="lb" label="Pounds (lb)" />
        </Group>
      </Radio.Group>
    </Stack>
  );
}
