import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/notify';

type OrderSummaryProps = {
  unitPrice: number;
  quantity: number;
  total: number;
  isPriceLoading: boolean;
  priceError: Error | null;
  isSubmitting: boolean;
};

/** Unit price × quantity and the submit button that shows the total (spec section 2). */
export function OrderSummary({
  unitPrice,
  quantity,
  total,
  isPriceLoading,
  priceError,
  isSubmitting,
}: OrderSummaryProps) {
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
            <Text size="xs" c="dimmed">
              Charged to your balance when the order is placed.
            </Text>
          </Stack>
          <Button type="submit" size="md" loading={isSubmitting} w={{ base: '100%', xs: 'auto' }} miw={220}>
            {total > 0 ? `Create Order — ${formatUsd(total)}` : 'Create Order'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
