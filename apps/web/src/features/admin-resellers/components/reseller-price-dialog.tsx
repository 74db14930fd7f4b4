import { Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { applyPriceOverride, formatUsd, type ResellerPriceView } from '@portal/shared';
import { useState } from 'react';
import {
  completeTiers,
  PriceTiersEditor,
  tierProblems,
  toDrafts,
  type TierDraft,
} from '../../../components/price-tiers-editor';
import { DialogActions } from '../../../components/dialog-actions';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useSetResellerPrice } from '../api/prices';

type Mode = 'default' | 'percent' | 'tiers';
type Props = { userId: string; discordId: string; row: ResellerPriceView | null; onClose: () => void };

const modeOf = (row: ResellerPriceView | null): Mode =>
  row?.own?.tiers ? 'tiers' : row?.own?.percent != null ? 'percent' : 'default';

/** One reseller's prices for one label type: the default, a percentage up or down, or their own tiers. */
export function ResellerPriceDialog(props: Props) {
  if (!props.row) return null;
  const { row, discordId, onClose } = props;
  return (
    <Modal opened onClose={onClose} title={`${row.labelType.name} for ${discordId}`} size="lg" centered>
      <PriceForm key={row.labelType._id} {...props} row={row} />
    </Modal>
  );
}

function PriceForm({ userId, discordId, row, onClose }: Props & { row: ResellerPriceView }) {
  const save = useSetResellerPrice(userId);
  const [mode, setMode] = useState<Mode>(modeOf(row));
  const [percent, setPercent] = useState<number | ''>(row.own?.percent ?? '');
  const [tiers, setTiers] = useState<TierDraft[]>(toDrafts(row.own?.tiers ?? row.defaultPrices));
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const { labelType } = row;
  const percentError =
    tried && mode === 'percent' && !(typeof percent === 'number' && percent > -100)
      ? 'Percent must be more than -100'
      : undefined;
  const preview =
    mode === 'percent' && typeof percent === 'number' && percent > -100
      ? applyPriceOverride(row.defaultPrices, { percent, tiers: null })
      : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (save.isPending) return;
    let body: Parameters<typeof save.mutateAsync>[0]['body'] = null;
    if (mode === 'percent') {
      if (percentError || percent === '') return;
      body = { percent };
    } else if (mode === 'tiers') {
      const own = completeTiers(tiers);
      if (!own || tierProblems(tiers, labelType.maxWeight).length > 0) return;
      body = { tiers: own };
    }
    try {
      await save.mutateAsync({ labelTypeId: labelType._id, body });
      notifySuccess(`${labelType.name} prices saved for ${discordId}`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as Mode)}
          data={[
            { value: 'default', label: 'Default' },
            { value: 'percent', label: 'Percentage' },
            { value: 'tiers', label: 'Own tiers' },
          ]}
          fullWidth
        />
        {mode === 'default' && (
          <Text size="sm" c="dimmed">
            {discordId} pays the default tiers, from{' '}
            {formatUsd(Math.min(...row.defaultPrices.map((p) => p.price)))}.
          </Text>
        )}
        {mode === 'percent' && (
          <>
            <NumberInput
              label="Percentage up or down from the default"
              description="-10 is 10% off every tier; 5 is 5% more"
              value={percent}
              onChange={(v) => setPercent(v === '' ? '' : Number(v))}
              suffix="%"
              decimalScale={2}
              allowNegative
              error={percentError}
              data-autofocus
            />
            {preview && (
              <Text size="sm" c="dimmed">
                New prices: {preview.map((t) => formatUsd(t.price)).join(', ')}
              </Text>
            )}
          </>
        )}
        {mode === 'tiers' && (
          <PriceTiersEditor
            value={tiers}
            onChange={setTiers}
            unit={labelType.weightUnit}
            maxWeight={labelType.maxWeight}
            showProblems={tried}
          />
        )}
        <DialogActions
          error={failure}
          submitLabel="Save prices"
          isPending={save.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
