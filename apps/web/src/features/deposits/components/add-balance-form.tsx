import { Button, Chip, Group, NumberInput, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { formatUsd, type DepositOptions, type PaymentMethod } from '@portal/shared';
import { useState } from 'react';

const PRESETS = [10, 25, 50, 100, 250];

type Props = {
  options: DepositOptions;
  isCreating: boolean;
  onCreate: (body: { amount: number; type: PaymentMethod }) => void;
};

/** Spec section 5 (Deposit): an amount within the staff's limits and one of the enabled methods. */
export function AddBalanceForm({ options, isCreating, onCreate }: Props) {
  const [amount, setAmount] = useState<number | ''>('');
  const [method, setMethod] = useState<PaymentMethod | null>(options.methods[0] ?? null);
  const [error, setError] = useState<string | null>(null);
  const presets = PRESETS.filter((p) => p >= options.minDeposit && p <= options.maxDeposit);

  const check = (value: number | ''): string | null => {
    if (value === '') return 'Amount is required';
    if (value < options.minDeposit) return `Amount must be at least ${formatUsd(options.minDeposit)}`;
    if (value > options.maxDeposit) return `Amount must be at most ${formatUsd(options.maxDeposit)}`;
    return null;
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = check(amount);
    setError(problem);
    if (problem || amount === '' || !method || isCreating) return;
    onCreate({ amount, type: method });
  };

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
              <NumberInput
                label="Amount"
                description={`From ${formatUsd(options.minDeposit)} to ${formatUsd(options.maxDeposit)}`}
                placeholder="25.00"
                prefix="$"
                decimalScale={2}
                thousandSeparator=","
                min={0}
                value={amount}
                onChange={(v) => {
                  setAmount(v === '' ? '' : Number(v));
                  if (error) setError(null);
                }}
                error={error}
                required
              />
              {presets.length > 0 && (
                <Group gap="xs" aria-label="Preset amounts" role="group">
                  {presets.map((p) => (
                    <Chip
                      key={p}
                      checked={amount === p}
                      onChange={() => {
                        setAmount(p);
                        setError(null);
                      }}
                      size="sm"
                    >
                      {formatUsd(p)}
                    </Chip>
                  ))}
                </Group>
              )}
              <div>
                <Text size="sm" fw={500} mb={6} id="payment-method-label">
                  Payment method
                </Text>
                <SegmentedControl
                  aria-labelledby="payment-method-label"
                  value={method ?? ''}
                  onChange={(v) => setMethod(v as PaymentMethod)}
                  data={options.methods.map((m) => ({
                    value: m,
                    label: m === 'cashapp' ? 'CashApp' : 'Paypal',
                  }))}
                />
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
