import { Alert, Button, Group, List, Text } from '@mantine/core';
import type { AddressWarning } from '@portal/shared';

type AddressWarningsProps = {
  warnings: readonly AddressWarning[];
  /** Confirm mode: buy with the addresses as typed. Absent where there is nothing to confirm. */
  onBuyAnyway?: (() => void) | undefined;
  isBuying?: boolean;
};

/** The address check's doubts: each field with the USPS suggestion, and "Buy anyway" in confirm mode. */
export function AddressWarnings({ warnings, onBuyAnyway, isBuying = false }: AddressWarningsProps) {
  if (warnings.length === 0) return null;
  return (
    <Alert color="yellow" title="Check the addresses" role="alert">
      <List size="sm" spacing={4}>
        {warnings.map((w) => (
          <List.Item key={`${w.row ?? ''}-${w.field}`}>
            <Text span fw={600} size="sm">
              {w.row === undefined ? w.field : `Row ${w.row}, ${w.field}`}:
            </Text>{' '}
            {w.message}
            {w.suggestion !== null && <> (USPS: {w.suggestion})</>}
          </List.Item>
        ))}
      </List>
      {onBuyAnyway && (
        <Group mt="sm">
          <Button color="yellow" variant="filled" onClick={onBuyAnyway} loading={isBuying}>
            Buy anyway
          </Button>
        </Group>
      )}
    </Alert>
  );
}
