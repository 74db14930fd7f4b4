import { Alert, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatUsd, type DepositMethod, type InvoiceView, type PaymentMethod } from '@portal/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { errorMessage, notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { usePagedList } from '../../../lib/use-paged-list';
import { useCreateInvoice, useDepositOptions, useInvoices } from '../api/invoices';
import { AddBalanceForm } from '../components/add-balance-form';
import { DepositNotice } from '../components/deposit-notice';
import { InvoicesTable } from '../components/invoices-table';
import { PaymentReturn } from '../components/payment-return';
import { depositWording } from '../lib/deposit-wording';
import { goToHostedPage } from '../lib/hosted-page';
import { PaymentModal } from '../components/payment-modal';

type Paying = { method: PaymentMethod; invoice: InvoiceView | null; creationError: string | null };

/** `/deposits` (spec section 2): the balance, Add balance by Paypal or CashApp invoice, and the invoices. */
export function DepositsPage() {
  const balance = useSession().data?.balance ?? 0;
  const list = usePagedList({});
  const invoices = useInvoices(list.page);
  const options = useDepositOptions();
  const create = useCreateInvoice();
  const [paying, setPaying] = useState<Paying | null>(null);
  const wording = depositWording(options.data);
  // Back from a provider's hosted page: the return's notice tells of that invoice (one notice, not two).
  const returnedFrom = useSearchParams()[0].get('invoice');

  const createInvoice = async (body: { amount: number; type: DepositMethod }) => {
    try {
      const { data } = await create.mutateAsync(body);
      // A method a payment provider serves is paid on its hosted page; the manual ones in our modal.
      if (data.hosted_url) goToHostedPage(data.hosted_url);
      else if (body.type === 'paypal' || body.type === 'cashapp')
        setPaying({ method: body.type, invoice: data.invoice, creationError: null });
    } catch (error) {
      notifyError(error);
      // Spec section 8: a failed CashApp invoice still opens the CashApp modal.
      if (body.type === 'cashapp')
        setPaying({ method: 'cashapp', invoice: null, creationError: errorMessage(error) });
    }
  };
  const pay = (invoice: InvoiceView) =>
    invoice.hosted_url
      ? goToHostedPage(invoice.hosted_url)
      : setPaying({
          method: invoice.payment_method === 'paypal' ? 'paypal' : 'cashapp',
          invoice,
          creationError: null,
        });

  return (
    <>
      <PageHeader title="Deposits" description={wording.description} />
      <Stack gap="lg">
        <PaymentReturn />
        <DepositNotice invoices={invoices.data?.invoices ?? []} returnedFrom={returnedFrom} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="lg" p="lg" h="100%">
              <Text size="sm" c="dimmed" fw={500}>
                Current Balance
              </Text>
              <Text
                fz={30}
                fw={700}
                lh={1.2}
                c={balance === 0 ? 'red' : undefined}
                style={{ fontVariantNumeric: 'tabular-nums' }}
                data-testid="current-balance"
              >
                {formatUsd(balance)}
              </Text>
              <Text size="xs" c="dimmed" mt="sm">
                {wording.credit}
              </Text>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {options.error && <Alert color="red">{errorMessage(options.error)}</Alert>}
            {options.isPending && <Skeleton h={220} radius="lg" />}
            {options.data && (
              <AddBalanceForm options={options.data} isCreating={create.isPending} onCreate={createInvoice} />
            )}
          </Grid.Col>
        </Grid>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Invoices
          </Title>
          <InvoicesTable
            invoices={invoices.data?.invoices ?? []}
            isPending={invoices.isPending}
            error={invoices.error}
            onPay={pay}
          />
          <PageNav {...list.nav} totalPages={invoices.data?.totalPages} label="Invoice pages" always />
        </Stack>
      </Stack>
      {paying && (
        <PaymentModal
          method={paying.method}
          invoice={paying.invoice}
          creationError={paying.creationError}
          paypalInstructions={options.data?.paypalInstructions ?? ''}
          onClose={() => setPaying(null)}
        />
      )}
    </>
  );
}
