import {
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { PAYMENT_KIND_NAMES, type PaymentProviderKind, type PaymentProviderView } from '@portal/shared';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useSavePaymentProvider, type PaymentProviderInput } from '../api/payment-providers';

/** Each kind's credential fields, as the server names them. */
const CREDENTIAL_FIELDS: Record<PaymentProviderKind, { name: string; label: string; secret: boolean }[]> = {
  stripe: [{ name: 'secretKey', label: 'Secret key', secret: true }],
  paypal: [
    { name: 'clientId', label: 'Client id', secret: false },
    { name: 'clientSecret', label: 'Client secret', secret: true },
  ],
  square: [
    { name: 'accessToken', label: 'Access token', secret: true },
    { name: 'locationId', label: 'Location id', secret: false },
  ],
};

type Props = { editing: PaymentProviderView | null; onClose: () => void };
type Money = number | '';
type AmountField = 'percent' | 'fixed' | 'daily' | 'firstWeek';
const orNull = (v: Money) => (v === '' ? null : v);

/** Add or edit a payment provider: credentials (sealed, never shown again), fee handling and card limits. */
export function PaymentProviderDialog({ editing, onClose }: Props) {
  const save = useSavePaymentProvider();
  const [kind, setKind] = useState<PaymentProviderKind>(editing?.kind ?? 'stripe');
  const [name, setName] = useState(editing?.name ?? '');
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const [feeMode, setFeeMode] = useState(editing?.feeMode ?? 'absorb');
  const [amounts, setAmounts] = useState<Record<AmountField, Money>>({
    percent: editing?.surchargePercent ?? 0,
    fixed: editing?.surchargeFixed ?? 0,
    daily: editing?.dailyLimit ?? '',
    firstWeek: editing?.firstWeekLimit ?? '',
  });
  const { percent, fixed, daily, firstWeek } = amounts;
  // Every amount is a figure from 0 with cents, or empty.
  const amount = (field: AmountField) => ({
    value: amounts[field],
    onChange: (v: number | string) => setAmounts((a) => ({ ...a, [field]: v === '' ? '' : Number(v) })),
    min: 0,
    decimalScale: 2,
  });
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const typed = Object.fromEntries(Object.entries(credentials).filter(([, v]) => v.trim() !== ''));
    const body: PaymentProviderInput = {
      name: name.trim(),
      enabled,
      feeMode,
      surchargePercent: percent === '' ? 0 : percent,
      surchargeFixed: fixed === '' ? 0 : fixed,
      dailyLimit: orNull(daily),
      firstWeekLimit: orNull(firstWeek),
      ...(editing ? {} : { kind }),
      ...(!editing || Object.keys(typed).length > 0 ? { credentials: typed } : {}),
    };
    try {
      const result = await save.mutateAsync({ id: editing?._id ?? null, body });
      notifySuccess(result.message);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'Add payment provider'}
      centered
    >
      <form onSubmit={submit} noValidate aria-label="Payment provider">
        <Stack gap="sm">
          {!editing && (
            <Select
              label="Kind"
              value={kind}
              onChange={(v) => setKind((v ?? 'stripe') as PaymentProviderKind)}
              data={(Object.keys(PAYMENT_KIND_NAMES) as PaymentProviderKind[]).map((k) => ({
                value: k,
                label: PAYMENT_KIND_NAMES[k],
              }))}
              allowDeselect={false}
            />
          )}
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
          {CREDENTIAL_FIELDS[kind].map((field) => {
            const Input = field.secret ? PasswordInput : TextInput;
            return (
              <Input
                key={field.name}
                label={field.label}
                description={
                  editing ? `Leave empty to keep the current one (…${editing.credentialHint})` : undefined
                }
                value={credentials[field.name] ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setCredentials((c) => ({ ...c, [field.name]: value }));
                }}
                required={!editing}
                autoComplete="off"
              />
            );
          })}
          <TextInput
            label="API base URL"
            description="Only for a sandbox or test server; empty uses the company's own"
            value={credentials.baseUrl ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setCredentials((c) => ({ ...c, baseUrl: value }));
            }}
          />
          <div>
            <Text size="sm" fw={500} mb={6} id="fee-mode-label">
              Provider fee
            </Text>
            <SegmentedControl
              aria-labelledby="fee-mode-label"
              value={feeMode}
              onChange={(v) => setFeeMode(v as 'absorb' | 'surcharge')}
              data={[
                { value: 'absorb', label: 'We absorb it' },
                { value: 'surcharge', label: 'Payer pays a surcharge' },
              ]}
            />
          </div>
          {feeMode === 'surcharge' && (
            <Group grow>
              <NumberInput label="Surcharge %" max={20} {...amount('percent')} />
              <NumberInput label="Plus fixed" prefix="$" {...amount('fixed')} />
            </Group>
          )}
          <Group grow>
            <NumberInput
              label="Daily limit per reseller"
              description="Empty: none"
              prefix="$"
              {...amount('daily')}
            />
            <NumberInput
              label="First-week limit"
              description="Empty: none"
              prefix="$"
              {...amount('firstWeek')}
            />
          </Group>
          <Switch
            label="Enabled: offered on the Add balance form"
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
          <DialogActions
            error={error}
            submitLabel={editing ? 'Save' : 'Add provider'}
            isPending={save.isPending}
            cancelLabel="Cancel"
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
