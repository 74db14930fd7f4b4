import {
  ActionIcon,
  Button,
  Group,
  List,
  NumberInput,
  ScrollArea,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  type NumberInputProps,
} from '@mantine/core';
import { checkPriceTiers, type PriceTier } from '@portal/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/** A tier row while it is edited: '' is an empty cell. */
export type TierDraft = { fromWeight: number | ''; toWeight: number | ''; price: number | '' };

export const toDrafts = (tiers: readonly PriceTier[]): TierDraft[] => tiers.map((t) => ({ ...t }));

/** The tiers when every cell holds a number, else null. */
export const completeTiers = (drafts: readonly TierDraft[]): PriceTier[] | null =>
  drafts.every((d) => d.fromWeight !== '' && d.toWeight !== '' && d.price !== '')
    ? (drafts as PriceTier[])
    : null;

/** The problems staff must fix before saving, in the words of the shared tier rule. */
export function tierProblems(drafts: readonly TierDraft[], maxWeight: number | ''): string[] {
  const tiers = completeTiers(drafts);
  if (!tiers) return ['Fill in every From, To and Price cell'];
  if (maxWeight === '') return ['Max weight is required'];
  return checkPriceTiers(tiers, maxWeight).map((i) => i.message);
}

/** A row's three number cells, as their accessible names end; the price shows cents and a dollar sign. */
const TIER_CELLS: Array<{ field: keyof TierDraft; name: string } & NumberInputProps> = [
  { field: 'fromWeight', name: 'from weight' },
  { field: 'toWeight', name: 'to weight' },
  { field: 'price', name: 'price', fixedDecimalScale: true, prefix: '$' },
];

type Props = {
  value: TierDraft[];
  onChange: (value: TierDraft[]) => void;
  unit: string;
  maxWeight: number | '';
  /** Shown once the staff member tried to save. */
  showProblems: boolean;
};

/** Price tiers as an editable table: From (exclusive) and To (inclusive) weight and the price in dollars. */
export function PriceTiersEditor({ value, onChange, unit, maxWeight, showProblems }: Props) {
  const set = (index: number, field: keyof TierDraft, cell: number | string) =>
    onChange(
      value.map((row, i) => (i === index ? { ...row, [field]: cell === '' ? '' : Number(cell) } : row)),
    );
  const add = () => {
    const last = value.at(-1);
    const from = last && last.toWeight !== '' ? last.toWeight : 0;
    onChange([...value, { fromWeight: from, toWeight: maxWeight === '' ? '' : maxWeight, price: '' }]);
  };
  const problems = showProblems ? tierProblems(value, maxWeight) : [];
  return (
    <Stack gap="xs">
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table verticalSpacing={6} miw={420} aria-label="Price tiers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>From ({unit})</Table.Th>
              <Table.Th>To ({unit})</Table.Th>
              <Table.Th>Price (USD)</Table.Th>
              <Table.Th w={44}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {value.map((row, index) => (
              <Table.Tr key={index}>
                {TIER_CELLS.map(({ field, name, ...input }) => (
                  <Table.Td key={field}>
                    <NumberInput
                      aria-label={`Tier ${index + 1} ${name}`}
                      value={row[field]}
                      onChange={(cell) => set(index, field, cell)}
                      min={0}
                      decimalScale={2}
                      hideControls
                      {...input}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove tier ${index + 1}`}
                    onClick={() => onChange(value.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Group justify="space-between">
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={add}>
          Add tier
        </Button>
        <Text size="xs" c="dimmed">
          A weight uses the tier with From &lt; weight ≤ To.
        </Text>
      </Group>
      {problems.length > 0 && (
        <List size="sm" c="red.8" role="alert" spacing={2}>
          {problems.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
