import { randomUUID } from 'node:crypto';
import {
  fromAddressKey,
  scanFormMisfits,
  scanFormMisfitText,
  type CreateScanFormBody,
  type ScanFormView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { StoredFile } from '../../files/index.ts';
import { UpstreamRejectedError } from '../../labels/providers/upstream-provider.ts';
import type { UpstreamScanForm } from '../../labels/providers/upstream/upstream-adapter.ts';
import { formatOrderId } from '../purchases/purchases.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import {
  bulkOrderIds,
  findScanForm,
  insertScanForm,
  labelsOfForms,
  listScanForms,
  lockLabels,
  scanFormOf,
  type ShippingLabelRow,
} from './shipping-day.repository.ts';
import { byOwner, fromAddressOf, shipDateOf, toScanFormView, upstreamPlaceOf } from './shipping-day-views.ts';

const REFUNDING = new Set(['requested', 'submitted', 'refunded']);

/** The labels asked for, all the reseller's, in the order asked; a bulk order's in its order. */
async function labelIdsOf(ctx: AppContext, userId: string, body: CreateScanFormBody): Promise<string[]> {
  if ('orderIds' in body) return [...new Set(body.orderIds)];
  const ids = await bulkOrderIds(ctx.db, userId, body.bulkOrderId);
  if (ids.length === 0) throw AppError.notFound('Bulk order not found');
  return ids;
}

/**
 * Refuses a set of labels that is not one SCAN form (decision 328), naming each label that does not fit
 * and why: another carrier, another from-address or ship date, another provider, already on a form,
 * refunded, or no label yet.
 */
function refuseMisfits(ids: readonly string[], labels: readonly ShippingLabelRow[], zone: string): void {
  if (labels.length !== ids.length) throw AppError.notFound('Order not found');
  const misfits = scanFormMisfits(
    labels.map((l) => ({
      carrier: l.carrier,
      fromKey: fromAddressKey({
        street: l.fromStreet,
        street2: l.fromStreet2,
        city: l.fromCity,
        state: l.fromState,
        zip: l.fromZip,
      }),
      shipDate: shipDateOf(l.createdAt, zone),
      source: l.providerId ?? 'test',
      hasLabel: Boolean(l.tracking) && l.status !== 'pending' && l.status !== 'processing',
      isRefunded: l.status === 'cancelled' || REFUNDING.has(l.refundStatus ?? ''),
      isOnForm: l.scanFormId !== null,
    })),
  );
  if (misfits.size === 0) return;
  const lines = [...misfits].map(
    ([i, misfit]) => `${formatOrderId(labels[i]!.orderNumber)}: ${scanFormMisfitText(misfit)}`,
  );
  const count = misfits.size === 1 ? '1 label does' : `${misfits.size} labels do`;
  throw new AppError('UNPROCESSABLE', `${count} not fit on one SCAN form: ${lines.join('; ')}`, {
    errors: lines.map((message) => ({ field: 'orderIds', message })),
  });
}

/** Asks the labels' provider for its form; test-mode labels get one drawn here. */
async function makeForm(
  ctx: AppContext,
  formId: string,
  labels: ShippingLabelRow[],
  zone: string,
): Promise<UpstreamScanForm> {
  const first = labels[0]!;
  const from = fromAddressOf(first);
  const shipDate = shipDateOf(first.createdAt, zone);
  if (!first.providerId) {
    const { drawTestScanForm } = await import('../../labels/scan-form-pdf.ts');
    const pdf = await drawTestScanForm({
      formId,
      carrier: first.carrier,
      shipDate,
      from,
      labels: labels.map((l) => ({
        orderId: formatOrderId(l.orderNumber),
        tracking: l.tracking ?? '',
        service: l.labelTypeName,
      })),
    });
    return { upstreamId: formId, trackingNumbers: labels.map((l) => l.tracking ?? ''), pdf };
  }
  const client = (await ctx.providers.clientsFor([first.providerId])).get(first.providerId);
  if (!client?.createScanForm)
    throw new AppError('UNPROCESSABLE', 'The provider of these labels does not make SCAN forms');
  const missing = labels.find((l) => !l.upstreamId);
  if (missing)
    throw new AppError('CONFLICT', `${formatOrderId(missing.orderNumber)} is not known at its provider`);
  try {
    return await client.createScanForm({
      labels: labels.map((l) => ({ upstreamId: l.upstreamId!, tracking: l.tracking ?? '' })),
      from: upstreamPlaceOf(from),
      shipDate,
    });
  } catch (error) {
    if (error instanceof UpstreamRejectedError)
      throw new AppError('UNPROCESSABLE', `The provider refused the SCAN form: ${error.message}`);
    throw new AppError('UNAVAILABLE', 'The provider could not make the SCAN form now; please try again', {
      headers: { 'retry-after': '30' },
    });
  }
}

/**
 * POST /scan-forms: one SCAN form for the labels, made where they were bought (decision 328). The
 * labels are checked, the form made at the provider (or drawn in test mode), then checked again under
 * lock and recorded with its PDF: a label is on one form at most, and one being refunded meanwhile
 * is refused. Ship dates are days where the reseller is (`zone`, decision 355).
 */
export async function createScanForm(
  ctx: AppContext,
  userId: string,
  body: CreateScanFormBody,
  zone: string,
): Promise<ScanFormView> {
  const ids = await labelIdsOf(ctx, userId, body);
  const labels = await ctx.db.transaction((tx) => lockLabels(tx, userId, ids));
  refuseMisfits(ids, labels, zone);
  const formId = randomUUID();
  const made = await makeForm(ctx, formId, labels, zone);
  const first = labels[0]!;
  // The form's file is stored before the row that points at it commits (decision 335).
  const staged = await ctx.files.stage([
    {
      userId,
      name: `scan-form-${formId.slice(0, 8)}.pdf`,
      contentType: 'application/pdf',
      content: made.pdf,
    },
  ]);
  return ctx.db.transaction(async (tx: Tx) => {
    refuseMisfits(ids, await lockLabels(tx, userId, ids), zone);
    const [fileId] = await ctx.files.record(staged, tx);
    const row = await insertScanForm(
      tx,
      {
        id: formId,
        userId,
        carrier: first.carrier,
        providerId: first.providerId,
        upstreamId: first.providerId ? made.upstreamId : null,
        fromAddress: fromAddressOf(first),
        shipDate: shipDateOf(first.createdAt, zone),
        fileId,
        isTest: !first.providerId,
      },
      ids,
    );
    const view = toScanFormView(row, await labelsOfForms(tx, [row.id]));
    await emitWebhookEvent(ctx, tx, { userId, type: 'scan_form.created', data: view });
    return view;
  });
}

/** GET /scan-forms: the reseller's forms with their labels, newest first. */
export async function readScanForms(ctx: AppContext, userId: string): Promise<ScanFormView[]> {
  const rows = await listScanForms(ctx.db, userId);
  const labels = byOwner(
    await labelsOfForms(
      ctx.db,
      rows.map((r) => r.id),
    ),
  );
  return rows.map((row) => toScanFormView(row, labels.get(row.id) ?? []));
}

/** GET /scan-forms/{id}/download: the form's one kept PDF. */
export async function downloadScanForm(ctx: AppContext, userId: string, id: string): Promise<StoredFile> {
  const row = await findScanForm(ctx.db, userId, id);
  if (!row) throw AppError.notFound('SCAN form not found');
  const file = row.fileId ? await ctx.files.get(row.fileId) : null;
  if (!file) throw AppError.notFound('The PDF of this SCAN form is no longer available');
  return file;
}

/**
 * Why a reseller cannot have this label refunded, or null (decision 328): USPS accepted the labels of a
 * SCAN form as one; only staff refund one of them.
 */
export async function scanFormRefusal(db: DbOrTx, orderId: string): Promise<string | null> {
  const formId = await scanFormOf(db, orderId);
  return formId
    ? `This label is on SCAN form ${formId.slice(0, 8)}, which USPS accepts as one shipment: ask staff to refund it`
    : null;
}
