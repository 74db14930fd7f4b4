import { Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  applyPriceOverride,
  formatUsd,
  resellerPriceBody,
  type ResellerPriceBody,
  type ResellerPriceView,
} from '@portal/shared';
import { Controller, useForm, useWatch, type Resolver, type ResolverResult } from 'react-hook-form';
import {
  completeTiers,
  PriceTiersEditor,
  tierProblems,
  toDrafts,
  type TierDraft,
} from '../../../components/price-tiers-editor';
import { DialogActions } from '../../../components/dialog-actions';
import { NumberField } from '../../../components/form-fields';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { schemaResolver } from '../../../lib/schema-resolver';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useSetResellerPrice } from '../api/prices';

type Mode = 'default' | 'percent' | 'tiers';
type Props = { userId: string; discordId: string; row: ResellerPriceView | null; onClose: () => void };

type PriceValues = { mode: Mode; percent: number | ''; tiers: TierDraft[] };

/** The shared price rule judges a percentage or own tiers; an empty percentage is none above -100. */
const overrideResolver = schemaResolver(resellerPriceBody, (values: PriceValues) =>
  values.mode === 'percent'
    ? { percent: values.percent === '' ? -100 : values.percent }
    : { tiers: completeTiers(values.tiers) ?? [] },
);

/** Default needs no check; own tiers must also cover the type's weights (the editor lists the problems). */
const priceResolver =
  (maxWeight: number): Resolver<PriceValues> =>
  async (values, context, options): Promise<ResolverResult<PriceValues>> => {
    if (values.mode === 'default') return { values, errors: {} };
    if (values.mode === 'tiers' && tierProblems(values.tiers, maxWeight).length > 0)
      return { values: {}, errors: { tiers: { type: 'tiers', message: 'Fix the price tiers' } } };
    const judged = await overrideResolver(values, context, options);
    return Object.keys(judged.errors).length > 0
      ? { values: {}, errors: judged.errors }
      : { values, errors: {} };
  };

/** What the dialog sends: null goes back to the default tiers. */
const bodyOf = ({ mode, percent, tiers }: PriceValues): ResellerPriceBody | null =>
  mode === 'percent'
    ? { percent: Number(percent) }
    : mode === 'tiers'
      ? { tiers: completeTiers(tiers)! }
      : null;

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
  const { labelType } = row;
  const form = useForm<PriceValues>({
    resolver: priceResolver(labelType.maxWeight),
    reValidateMode: 'onSubmit',
    defaultValues: {
      mode: modeOf(row),
      percent: row.own?.percent ?? '',
      tiers: toDrafts(row.own?.tiers ?? row.defaultPrices),
    },
  });
  const { errors, isSubmitted } = form.formState;
  const [mode, percent] = useWatch({ control: form.control, name: ['mode', 'percent'] });
  const preview =
    mode === 'percent' && typeof percent === 'number' && percent > -100
      ? applyPriceOverride(row.defaultPrices, { percent, tiers: null })
      : null;

  const submit = form.handleSubmit(async (values) => {
    if (save.isPending) return;
    try {
      await save.mutateAsync({ labelTypeId: labelType._id, body: bodyOf(values) });
      notifySuccess(`${labelType.name} prices saved for ${discordId}`);
      onClose();
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, ['percent'] as const))
        form.setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SegmentedControl
          value={mode}
          onChange={(value) => form.setValue('mode', value as Mode)}
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
            <NumberField
              control={form.control}
              name="percent"
              label="Percentage up or down from the default"
              description="-10 is 10% off every tier; 5 is 5% more"
              suffix="%"
              decimalScale={2}
              allowNegative
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
          <Controller
            control={form.control}
            name="tiers"
            render={({ field }) => (
              <PriceTiersEditor
                value={field.value}
                onChange={field.onChange}
                unit={labelType.weightUnit}
                maxWeight={labelType.maxWeight}
                showProblems={isSubmitted}
              />
            )}
          />
        )}
        <DialogActions
          error={errors.root?.message}
          submitLabel="Save prices"
          isPending={save.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
