import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { formatUsd, parseReceipt, type InvoiceView, type PaymentMethod } from '@portal/shared';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage, notifyError } from '../../../lib/notify';
import { useCashapp, useSubmitReceipt } from '../api/invoices';

type Props = {
  method: PaymentMethod;
  /** The invoice to pay; null when creating it failed (the CashApp details still show, spec section 8). */
  invoice: InvoiceView | null;
  creationError: string | null;
  paypalInstructions: string;
  onClose: () => void;
};

/** The receipt field, judged by the shared receipt rule of the method (the server applies the same). */
const receiptForm = (method: PaymentMethod) =>
  z.object({
    receipt: z.string().superRefine((text, context) => {
      const parsed = parseReceipt(method, text);
      if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
    }),
  });
type ReceiptForm = z.infer<ReturnType<typeof receiptForm>>;

function Detail({ label, value, copy }: { label: string; value: string; copy?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {copy && (
          <CopyButton value={value}>
            {({ copied, copy: doCopy }) => (
              <Button size="compact-xs" variant="subtle" onClick={doCopy} aria-label={`Copy ${label}`}>
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </Button>
            )}
          </CopyButton>
        )}
      </Group>
    </div>
  );
}

/** Pay by hand: CashApp (QR and $cashtag) or PayPal (staff's instructions), then give the receipt. */
export function PaymentModal({ method, invoice, creationError, paypalInstructions, onClose }: Props) {
  const isCashapp = method === 'cashapp';
  const cashapp = useCashapp(isCashapp);
  const submit = useSubmitReceipt();
  const schema = useMemo(() => receiptForm(method), [method]);
  const form = useForm<ReceiptForm>({
    resolver: zodResolver(schema),
    // A message stays until the next try; typing clears it.
    reValidateMode: 'onSubmit',
    defaultValues: { receipt: '' },
  });
  const [done, setDone] = useState<string | null>(null);

  const process = form.handleSubmit(async ({ receipt }) => {
    if (!invoice || submit.isPending) return;
    try {
      setDone((await submit.mutateAsync({ invoice: invoice._id, cashAppUrl: receipt.trim() })).message);
    } catch (error) {
      // Spec section 8: the server's message in a toast; beside the field too, where it is fixed.
      notifyError(error);
      form.setError('receipt', { type: 'server', message: errorMessage(error) });
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={isCashapp ? 'Pay with CashApp' : 'Pay with PayPal'}
      centered
      size="md"
    >
      <Stack gap="md">
        {creationError && (
          <Alert color="red" title="The invoice could not be created">
            {creationError}
          </Alert>
        )}
        {isCashapp ? (
          <Group align="flex-start" gap="lg" wrap="wrap">
            {cashapp.data?.qr ? (
              <Image src={cashapp.data.qr} alt="CashApp QR code" w={160} h={160} fit="contain" radius="md" />
            ) : (
              <Paper withBorder w={160} h={160} radius="md" p="sm">
                <Text size="xs" c="dimmed" ta="center" mt={56}>
                  {cashapp.isPending ? 'Loading QR code…' : 'No QR code yet: send to the $cashtag'}
                </Text>
              </Paper>
            )}
            <Stack gap="xs">
              <Detail
                label="CashApp tag"
                value={cashapp.data?.cashappId || '—'}
                copy={Boolean(cashapp.data?.cashappId)}
              />
              {invoice && <Detail label="Amount" value={formatUsd(invoice.amount)} />}
              {invoice && <Detail label="Note" value={invoice.note} copy />}
            </Stack>
          </Group>
        ) : (
          <>
            <Paper withBorder radius="md" p="md" bg="gray.0">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {paypalInstructions ||
                  'Staff have not written PayPal instructions yet. Please contact support.'}
              </Text>
            </Paper>
            {invoice && (
              <SimpleGrid cols={2}>
                <Detail label="Amount" value={formatUsd(invoice.amount)} />
                <Detail label="Note" value={invoice.note} copy />
              </SimpleGrid>
            )}
          </>
        )}
        {invoice && (
          <>
            <Text size="sm">
              Write <Code fw={700}>{invoice.note}</Code> in the payment&apos;s note so we can match it to this
              invoice. Invoice id: <Code>{invoice._id}</Code>
            </Text>
            {done ? (
              <Alert color="teal" title="Receipt received">
                {done}
              </Alert>
            ) : (
              <form onSubmit={process} noValidate>
                <Stack gap="sm">
                  <TextInput
                    label={isCashapp ? 'Receipt URL or transaction ID' : 'PayPal transaction ID'}
                    placeholder={isCashapp ? 'https://cash.app/payments/…/receipt' : '17 letters and digits'}
                    {...form.register('receipt', { onChange: () => form.clearErrors('receipt') })}
                    error={form.formState.errors.receipt?.message}
                    required
                  />
                  <Group justify="flex-end">
                    <Button variant="default" onClick={onClose}>
                      Pay later
                    </Button>
                    <Button type="submit" loading={submit.isPending}>
                      Process Payment
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </>
        )}
        {(done || !invoice) && (
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
