import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { AddFundsButton, shortfall } from '../../../components/add-funds-button';
import { errorMessage } from '../../../lib/notify';
import { useSession } from '../../../lib/session';

type OrderSummaryProps = {
  unitPrice: number;
  /** What insuring the declared value adds to each label (in `unitPrice`); 0 for none. */
  insurance?: number;
  quantity: number;
  total: number;
  isPriceLoading: boolean;
  priceError: Error | null;
  isSubmitting: boolean;
};

/** Unit price × quantity and the submit button that shows the total (spec section 2). */
export function OrderSummary({
  unitPrice,
  insurance = 0,
  quantity,
  total,
  isPriceLoading,
  priceError,
  isSubmitting,
}: OrderSummaryProps) {
  const balance = useSession().data?.balance;
  // Before paying, not after a refusal: a total over the balance leads to Deposits instead.
  const missing = balance === undefined ? 0 : shortfall(total, balance);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        {priceError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="No price for this package"
          >
            {errorMessage(priceError)}
          </Alert>
        )}
        <Group justify="space-between" align="center" gap="md">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Unit price{' '}
              <Text span fw={600} c="var(--mantine-color-text)" data-testid="unit-price">
                {formatUsd(unitPrice)}
              </Text>
              {' × '}
              {quantity}
              {isPriceLoading && <Loader size={12} ml={8} aria-label="Updating price" />}
            </Text>
            {insurance > 0 && (
              <Text size="xs" c="dimmed" data-testid="insurance-price">
                Includes {formatUsd(insurance)} insurance per label
              </Text>
            )}
            <Text size="xs" c="dimmed">
              Charged to your balance when the order is placed.
            </Text>
          </Stack>
          {missing > 0 ? (
            <AddFundsButton amount={missing} size="md" w={{ base: '100%', xs: 'auto' }} miw={220} />
          ) : (
            <Button type="submit" size="md" loading={isSubmitting} w={{ base: '100%', xs: 'auto' }} miw={220}>
              {total > 0 ? `Create Order — ${formatUsd(total)}` : 'Create Order'}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
