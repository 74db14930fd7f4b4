import { Button, Chip, Group, NumberInput, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  centsToDollars,
  createInvoiceBody,
  dollarsToCents,
  formatUsd,
  surchargeCents,
  type DepositMethod,
  type DepositOptions,
} from '@portal/shared';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { emptyAsUndefined, schemaResolver } from '../../../lib/schema-resolver';

const PRESETS = [10, 25, 50, 100, 250];

type FormValues = { amount: number | ''; type: DepositMethod | null };

/** The invoice body, with the amount held to the staff's limits for deposits. */
const depositBody = ({ minDeposit, maxDeposit }: DepositOptions) =>
  createInvoiceBody.extend({
    amount: z
      .number({ error: 'Amount is required' })
      .min(minDeposit, `Amount must be at least ${formatUsd(minDeposit)}`)
      .max(maxDeposit, `Amount must be at most ${formatUsd(maxDeposit)}`)
      // Then the shared amount rules (cents only); its preprocess takes any input, a number included.
      .pipe(createInvoiceBody.shape.amount as unknown as z.ZodType<number, number>),
  });

type Props = {
  options: DepositOptions;
  isCreating: boolean;
  onCreate: (body: { amount: number; type: DepositMethod }) => void;
};

/** Spec section 5 (Deposit): an amount within the staff's limits and one of the enabled methods. */
export function AddBalanceForm({ options, isCreating, onCreate }: Props) {
  const schema = useMemo(() => depositBody(options), [options]);
  const form = useForm<FormValues, unknown, z.output<typeof schema>>({
    resolver: schemaResolver(schema, (values: FormValues) => ({
      amount: emptyAsUndefined(values.amount),
      type: values.type ?? undefined,
    })),
    // A message stays until the next submit; changing the amount clears it.
    reValidateMode: 'onSubmit',
    defaultValues: { amount: '', type: options.methods[0] ?? null },
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const method = useWatch({ control: form.control, name: 'type' });
  const hosted = options.hosted.find((h) => h.method === method);
  const presets = PRESETS.filter((p) => p >= options.minDeposit && p <= options.maxDeposit);
  const setAmount = (value: number | '') => {
    form.setValue('amount', value);
    form.clearErrors('amount');
  };
  const submit = form.handleSubmit((body) => {
    if (!isCreating) onCreate(body);
  });

  return (
    <Paper withBorder radius="lg" p="lg">
      <form onSubmit={submit} noValidate aria-label="Add balance">
        <Stack gap="md">
          <Title order={2} fz="h4">
            Add balance
          </Title>
          {options.methods.length === 0 ? (
            <Text c="dimmed" size="sm">
              Deposits are paused right now. Please contact support.
            </Text>
          ) : (
            <>
              <Controller
                control={form.control}
                name="amount"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label="Amount"
                    description={`From ${formatUsd(options.minDeposit)} to ${formatUsd(options.maxDeposit)}`}
                    placeholder="25.00"
                    prefix="$"
                    decimalScale={2}
                    thousandSeparator=","
                    min={0}
                    ref={field.ref}
                    value={field.value}
                    onChange={(v) => setAmount(v === '' ? '' : Number(v))}
                    error={fieldState.error?.message}
                    required
                  />
                )}
              />
              {presets.length > 0 && (
                <Group gap="xs" aria-label="Preset amounts" role="group">
                  {presets.map((p) => (
                    <Chip key={p} checked={amount === p} onChange={() => setAmount(p)} size="sm">
                      {formatUsd(p)}
                    </Chip>
                  ))}
                </Group>
              )}
              <div>
                <Text size="sm" fw={500} mb={6} id="payment-method-label">
                  Payment method
                </Text>
                <Controller
                  control={form.control}
                  name="type"
                  render={({ field }) => (
                    <SegmentedControl
                      aria-labelledby="payment-method-label"
                      value={field.value ?? ''}
                      onChange={(v) => field.onChange(v as DepositMethod)}
                      data={options.methods.map((m) => ({ value: m, label: methodLabel(options, m) }))}
                    />
                  )}
                />
                {hosted && <SurchargeNote hosted={hosted} amount={amount} />}
              </div>
              <Group>
                <Button type="submit" loading={isCreating}>
                  Add balance
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

/** A method a provider serves takes its own name (Card, PayPal, Cash App); a manual one the spec's. */
const methodLabel = (options: DepositOptions, method: DepositMethod) =>
  options.hosted.find((h) => h.method === method)?.label ?? (method === 'cashapp' ? 'CashApp' : 'Paypal');

/** What paying on the provider's page costs: the surcharge on top, shown before the reseller pays. */
function SurchargeNote({
  hosted,
  amount,
}: {
  hosted: DepositOptions['hosted'][number];
  amount: number | '';
}) {
  const settings = {
    feeMode: 'surcharge' as const,
    surchargePercent: hosted.surchargePercent,
    surchargeFixedCents: dollarsToCents(hosted.surchargeFixed),
  };
  const fee = hosted.surchargePercent > 0 || hosted.surchargeFixed > 0;
  const cents = typeof amount === 'number' && amount > 0 ? dollarsToCents(amount) : null;
  return (
    <Text size="xs" c="dimmed" mt={6} data-testid="surcharge-note">
      {!fee
        ? `You pay on ${hosted.label === 'Card' ? 'a secure card page' : `${hosted.label}'s page`}; your balance is credited as soon as the payment clears.`
        : `${hosted.label} payments add ${hosted.surchargePercent}%${hosted.surchargeFixed > 0 ? ` + ${formatUsd(hosted.surchargeFixed)}` : ''}${
            cents === null
              ? ''
              : `: you pay ${formatUsd(centsToDollars(cents + surchargeCents(cents, settings)))} and ${formatUsd(amount as number)} is added to your balance`
          }.`}
    </Text>
  );
}
