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
} from '@mantine/core';
import {
  adminSettingsBody,
  type AdminSettingsBody,
  type AdminSettingsView,
  type PaymentMethod,
} from '@portal/shared';
import { useForm, useWatch } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { emptyAsUndefined, schemaResolver } from '../../../lib/schema-resolver';
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

/** The form as edited: '' is an empty number field; the switch turns the unused-label days off (null). */
type SettingsValues = {
  cashappTag: string;
  paypalInstructions: string;
  enabledPaymentMethods: PaymentMethod[];
  minDeposit: number | '';
  maxDeposit: number | '';
  refundWindowDays: number | '';
  isUnusedLabelVoidOn: boolean;
  unusedLabelVoidDays: number | '';
  labelFileRetentionDays: number | '';
};

/** The shared settings rule judges the form; on without a number is refused with the field's message. */
const settingsResolver = schemaResolver(
  adminSettingsBody,
  ({ isUnusedLabelVoidOn, unusedLabelVoidDays, ...values }: SettingsValues) => ({
    ...values,
    minDeposit: emptyAsUndefined(values.minDeposit),
    maxDeposit: emptyAsUndefined(values.maxDeposit),
    refundWindowDays: emptyAsUndefined(values.refundWindowDays),
    labelFileRetentionDays: emptyAsUndefined(values.labelFileRetentionDays),
    unusedLabelVoidDays: isUnusedLabelVoidOn ? (emptyAsUndefined(unusedLabelVoidDays) ?? Number.NaN) : null,
  }),
);

/** A number field's value: '' while empty. */
const toNumberField = (value: number | string): number | '' => (value === '' ? '' : Number(value));

function SettingsForm({ settings }: { settings: AdminSettingsView }) {
  const save = useSaveSettings();
  const form = useForm<SettingsValues, unknown, AdminSettingsBody>({
    resolver: settingsResolver,
    defaultValues: {
      cashappTag: settings.cashappTag,
      paypalInstructions: settings.paypalInstructions,
      enabledPaymentMethods: settings.enabledPaymentMethods,
      minDeposit: settings.minDeposit,
      maxDeposit: settings.maxDeposit,
      refundWindowDays: settings.refundWindowDays,
      isUnusedLabelVoidOn: settings.unusedLabelVoidDays !== null,
      unusedLabelVoidDays: settings.unusedLabelVoidDays ?? UNUSED_LABEL_DEFAULT_DAYS,
      labelFileRetentionDays: settings.labelFileRetentionDays,
    },
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control });
  const isUnusedLabelVoidOn = values.isUnusedLabelVoidOn;
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      notifySuccess('Settings saved');
    } catch (error) {
      notifyError(error);
    }
  });
  /** A number field of the form, as Mantine's NumberInput takes it. */
  const numberField = (
    name: 'minDeposit' | 'maxDeposit' | 'refundWindowDays' | 'unusedLabelVoidDays' | 'labelFileRetentionDays',
  ) => {
    return {
      value: values[name] ?? '',
      onChange: (value: number | string) =>
        form.setValue(name, toNumberField(value), { shouldValidate: form.formState.isSubmitted }),
      error: errors[name]?.message,
    };
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Settings">
      <Stack gap="lg">
        <SectionCard title="Deposits">
          <Checkbox.Group
            label="Payment methods resellers can use"
            value={values.enabledPaymentMethods ?? []}
            onChange={(v) =>
              form.setValue('enabledPaymentMethods', v as PaymentMethod[], {
                shouldValidate: form.formState.isSubmitted,
              })
            }
            error={errors.enabledPaymentMethods?.message}
          >
            <Group mt={6}>
              <Checkbox value="cashapp" label="CashApp" />
              <Checkbox value="paypal" label="Paypal" />
            </Group>
          </Checkbox.Group>
          <Group grow align="flex-start">
            <NumberInput label="Minimum deposit" prefix="$" decimalScale={2} {...numberField('minDeposit')} />
            <NumberInput
              label="Maximum deposit"
              prefix="$"
              decimalScale={2}
              thousandSeparator=","
              {...numberField('maxDeposit')}
            />
          </Group>
        </SectionCard>
        <SectionCard title="CashApp">
          <TextInput
            label="CashApp tag"
            placeholder="$LabelPort"
            {...form.register('cashappTag')}
            error={errors.cashappTag?.message}
            maw={320}
          />
          <QrSection qr={settings.cashappQr} />
        </SectionCard>
        <SectionCard title="PayPal">
          <Textarea
            label="Payment instructions"
            description="Shown as plain text in the PayPal modal: where to send the money and what to write."
            autosize
            minRows={3}
            {...form.register('paypalInstructions')}
            error={errors.paypalInstructions?.message}
          />
        </SectionCard>
        <SectionCard title="Refunds">
          <NumberInput
            label="Refund window (days)"
            description="How long after an order a reseller may request a refund"
            {...numberField('refundWindowDays')}
            maw={320}
            allowDecimal={false}
          />
          <Switch
            label="Void unused labels"
            description="Ask the provider to void and refund labels the carrier never scanned, some days after purchase. Off by default; resellers see it in Account Settings when it is on."
            checked={isUnusedLabelVoidOn}
            onChange={(e) => form.setValue('isUnusedLabelVoidOn', e.currentTarget.checked)}
          />
          {isUnusedLabelVoidOn && (
            <NumberInput
              label="Void unused labels after (days)"
              description="Days after purchase with no carrier scan"
              {...numberField('unusedLabelVoidDays')}
              allowNegative={false}
              maw={320}
              allowDecimal={false}
            />
          )}
        </SectionCard>
        <SectionCard title="Label files">
          <NumberInput
            label="Keep label files (days)"
            description="Label files older than this are removed every night, for good; the order, its tracking and its charge stay, and a download of a removed label says it was removed."
            {...numberField('labelFileRetentionDays')}
            allowNegative={false}
            maw={320}
            allowDecimal={false}
          />
        </SectionCard>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * `/admin/settings`: payment methods, deposit limits, CashApp and PayPal details, refund window, unused
 * labels, how long label files are kept.
 */
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
