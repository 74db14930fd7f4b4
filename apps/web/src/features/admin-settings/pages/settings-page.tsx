import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { adminSettingsBody, type AdminSettingsView, type PaymentMethod } from '@portal/shared';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { useAdminSettings, useCashappQr, useSaveSettings } from '../api/settings';

const QR_MAX_BYTES = 2 * 1024 * 1024;
/** What the unused-labels days start at when staff turn it on: Pirate Ship's 28. */
const UNUSED_LABEL_DEFAULT_DAYS = 28;

function QrSection({ qr }: { qr: string }) {
  const upload = useCashappQr();
  const send = async (file: File | null) => {
    if (file && file.size > QR_MAX_BYTES) return notifyError(new Error('The QR image must be at most 2 MB'));
    try {
      await upload.mutateAsync(file);
      notifySuccess(file ? 'QR code uploaded' : 'QR code removed');
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Group align="flex-start" gap="lg">
      {qr ? (
        <Image src={qr} alt="CashApp QR code" w={128} h={128} fit="contain" radius="md" />
      ) : (
        <Paper withBorder w={128} h={128} radius="md" p="xs">
          <Text size="xs" c="dimmed" ta="center" mt={44}>
            No QR code
          </Text>
        </Paper>
      )}
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          CashApp QR code
        </Text>
        <Text size="xs" c="dimmed">
          PNG or JPEG, at most 2 MB. Resellers scan it in the CashApp modal.
        </Text>
        <Group gap="xs">
          <FileButton onChange={send} accept="image/png,image/jpeg">
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={upload.isPending}>
                {qr ? 'Replace image' : 'Upload image'}
              </Button>
            )}
          </FileButton>
          {qr && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => send(null)}
              disabled={upload.isPending}
            >
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </Group>
  );
}

function SettingsForm({ settings }: { settings: AdminSettingsView }) {
  const save = useSaveSettings();
  const [values, setValues] = useState({
    cashappTag: settings.cashappTag,
    paypalInstructions: settings.paypalInstructions,
    enabledPaymentMethods: settings.enabledPaymentMethods as string[],
    minDeposit: settings.minDeposit as number | string,
    maxDeposit: settings.maxDeposit as number | string,
    refundWindowDays: settings.refundWindowDays as number | string,
    isUnusedLabelVoidOn: settings.unusedLabelVoidDays !== null,
    unusedLabelVoidDays: (settings.unusedLabelVoidDays ?? UNUSED_LABEL_DEFAULT_DAYS) as number | string,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof values>(k: K, v: (typeof values)[K]) =>
    setValues((old) => ({ ...old, [k]: v }));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { isUnusedLabelVoidOn, ...fields } = values;
    const parsed = adminSettingsBody.safeParse({
      ...fields,
      enabledPaymentMethods: values.enabledPaymentMethods as PaymentMethod[],
      minDeposit: values.minDeposit === '' ? undefined : Number(values.minDeposit),
      maxDeposit: values.maxDeposit === '' ? undefined : Number(values.maxDeposit),
      refundWindowDays: values.refundWindowDays === '' ? undefined : Number(values.refundWindowDays),
      // Off is null; on without a number is refused with the field's message.
      unusedLabelVoidDays: isUnusedLabelVoidOn
        ? values.unusedLabelVoidDays === ''
          ? Number.NaN
          : Number(values.unusedLabelVoidDays)
        : null,
    });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      notifySuccess('Settings saved');
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Settings">
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              Deposits
            </Title>
            <Checkbox.Group
              label="Payment methods resellers can use"
              value={values.enabledPaymentMethods}
              onChange={(v) => set('enabledPaymentMethods', v)}
              error={errors.enabledPaymentMethods}
            >
              <Group mt={6}>
                <Checkbox value="cashapp" label="CashApp" />
                <Checkbox value="paypal" label="Paypal" />
              </Group>
            </Checkbox.Group>
            <Group grow align="flex-start">
              <NumberInput
                label="Minimum deposit"
                prefix="$"
                decimalScale={2}
                value={values.minDeposit}
                onChange={(v) => set('minDeposit', v)}
                error={errors.minDeposit}
              />
              <NumberInput
                label="Maximum deposit"
                prefix="$"
                decimalScale={2}
                thousandSeparator=","
                value={values.maxDeposit}
                onChange={(v) => set('maxDeposit', v)}
                error={errors.maxDeposit}
              />
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              CashApp
            </Title>
            <TextInput
              label="CashApp tag"
              placeholder="$LabelPort"
              value={values.cashappTag}
              onChange={(e) => set('cashappTag', e.currentTarget.value)}
              error={errors.cashappTag}
              maw={320}
            />
            <QrSection qr={settings.cashappQr} />
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              PayPal
            </Title>
            <Textarea
              label="Payment instructions"
              description="Shown as plain text in the PayPal modal: where to send the money and what to write."
              autosize
              minRows={3}
              value={values.paypalInstructions}
              onChange={(e) => set('paypalInstructions', e.currentTarget.value)}
              error={errors.paypalInstructions}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              Refunds
            </Title>
            <NumberInput
              label="Refund window (days)"
              description="How long after an order a reseller may request a refund"
              value={values.refundWindowDays}
              onChange={(v) => set('refundWindowDays', v)}
              error={errors.refundWindowDays}
              maw={320}
              allowDecimal={false}
            />
            <Switch
              label="Void unused labels"
              description="Ask the provider to void and refund labels the carrier never scanned, some days after purchase. Off by default; resellers see it in Account Settings when it is on."
              checked={values.isUnusedLabelVoidOn}
              onChange={(e) => set('isUnusedLabelVoidOn', e.currentTarget.checked)}
            />
            {values.isUnusedLabelVoidOn && (
              <NumberInput
                label="Void unused labels after (days)"
                description="Days after purchase with no carrier scan"
                value={values.unusedLabelVoidDays}
                onChange={(v) => set('unusedLabelVoidDays', v)}
                error={errors.unusedLabelVoidDays}
                allowNegative={false}
                maw={320}
                allowDecimal={false}
              />
            )}
          </Stack>
        </Paper>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/admin/settings`: payment methods, deposit limits, CashApp and PayPal details, refund window, unused labels. */
export function SettingsPage() {
  const { data, isPending, error } = useAdminSettings();
  return (
    <>
      <PageHeader
        title="Settings"
        description="What resellers see when they add balance. Every change is in the audit log."
      />
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {isPending && <Skeleton h={400} radius="lg" />}
      {data && <SettingsForm settings={data} />}
    </>
  );
}
