import { pageCount, type AdminCourierQuery, type CourierStatus } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';
import { recordAudit, refuseOwnTarget, type StaffActor } from '../audit/audit.service.ts';
import { postLedgerEntry } from '../ledger/ledger.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import {
  findCourierOrder,
  listCourierOrders,
  moveCourierOrder,
  type CourierOrderRow,
} from './courier.repository.ts';
import { chargeKey, NOT_FOUND_MESSAGE, priceCentsOf, refundKey } from './courier.service.ts';
import { courierEvent, mailReseller, toCourierView } from './courier-view.ts';

/** The console overview's count of courier orders waiting on staff. */
export { countAwaitingStaff } from './courier.repository.ts';

export async function listCourierQueue(ctx: AppContext, query: AdminCourierQuery) {
  const { rows, total } = await listCourierOrders(
    ctx.db,
    { status: query.status, search: query.search.toLowerCase() },
    query,
  );
  return {
    docs: rows.map((r) => ({ ...toCourierView(r.order), username: r.username })),
    totalDocs: total,
    totalPages: pageCount(total, query.limit),
  };
}

type Move = {
  actor: StaffActor;
  id: string;
  action: string;
  from: readonly CourierStatus[];
  patch: Parameters<typeof moveCourierOrder>[3];
  /** Extra work in the same transaction (a refund). */
  after?: (tx: Tx, moved: CourierOrderRow) => Promise<void>;
};

/** One staff move: conditional update, audit row and webhook event in one transaction. */
async function staffMove(ctx: AppContext, move: Move): Promise<CourierOrderRow> {
  const before = await findCourierOrder(ctx.db, move.id);
  if (!before) throw AppError.notFound(NOT_FOUND_MESSAGE);
  refuseOwnTarget(move.actor, before.userId, 'You cannot quote, complete or cancel your own courier order');
  return ctx.db.transaction(async (tx) => {
    const moved = await moveCourierOrder(tx, move.id, move.from, move.patch);
    if (!moved) {
      const now = (await findCourierOrder(tx, move.id)) ?? before;
      throw new AppError('CONFLICT', `This order is ${now.status}; it cannot move to ${move.patch.status}`);
    }
    await move.after?.(tx, moved);
    await recordAudit(tx, {
      actor: move.actor,
      action: move.action,
      targetType: 'courier_order',
      targetId: moved.id,
      before: { status: before.status, priceCents: before.priceCents, note: before.note },
      after: { status: moved.status, priceCents: moved.priceCents, note: moved.note },
    });
    await emitWebhookEvent(ctx, tx, courierEvent(moved));
    return moved;
  });
}

export async function quoteCourierOrder(
  ctx: AppContext,
  { actor, id, price, note }: { actor: StaffActor; id: string; price: number; note: string },
): Promise<void> {
  const moved = await staffMove(ctx, {
    actor,
    id,
    action: 'courier.quote',
    from: ['Pending'],
    patch: { status: 'Awaiting User Input', priceCents: priceCentsOf(price), note },
  });
  await mailReseller(ctx, moved);
}

export async function completeCourierOrder(
  ctx: AppContext,
  { actor, id, file, note }: { actor: StaffActor; id: string; file: UploadedFile; note: string },
): Promise<void> {
  const current = await findCourierOrder(ctx.db, id);
  if (!current) throw AppError.notFound(NOT_FOUND_MESSAGE);
  // The label is written before the transaction that records it (decision 335).
  const staged = await ctx.files.stage([
    {
      userId: current.userId,
      name: `fedex-${current.id.slice(0, 8)}.pdf`,
      contentType: 'application/pdf',
      content: file.data,
    },
  ]);
  let fileId = '';
  const moved = await staffMove(ctx, {
    actor,
    id,
    action: 'courier.complete',
    from: ['In Process'],
    patch: { status: 'Completed', ...(note ? { note } : {}) },
    after: async (tx, row) => {
      [fileId] = (await ctx.files.record(staged, tx)) as [string];
      await moveCourierOrder(tx, row.id, ['Completed'], { status: 'Completed', fileId });
      row.fileId = fileId;
    },
  });
  await mailReseller(ctx, moved);
}

export async function cancelCourierOrder(
  ctx: AppContext,
  { actor, id, note }: { actor: StaffActor; id: string; note: string },
): Promise<{ refunded: boolean }> {
  let refunded = false;
  await staffMove(ctx, {
    actor,
    id,
    action: 'courier.cancel',
    from: ['Pending', 'Awaiting User Input', 'In Process'],
    patch: { status: 'Cancelled', note },
    after: async (tx, row) => {
      if (!row.chargedCents) return;
      const result = await postLedgerEntry(tx, {
        userId: row.userId,
        kind: 'refund',
        amountCents: row.chargedCents,
        sourceKey: refundKey(row.id),
        note: `Overnight FedEx order ${row.id.slice(0, 8)} cancelled by staff`,
        createdBy: actor.userId,
        givesBack: { chargeKey: chargeKey(row.id) },
      });
      refunded = result.applied;
    },
  });
  return { refunded };
}
