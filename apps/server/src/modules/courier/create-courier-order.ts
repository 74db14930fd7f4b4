import type { CreateCourierOrderInput } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import { insertCourierOrder, type CourierOrderRow } from './courier.repository.ts';
import { courierEvent } from './courier-view.ts';

export const searchTextOf = (input: CreateCourierOrderInput): string =>
  [input.from, input.to]
    .flatMap((a) => [a.name, a.street, a.street2, a.city, a.state, a.zip, a.phone])
    .concat(input.specialNotes)
    .join(' ')
    .toLowerCase();

export async function createCourierOrder(
  ctx: AppContext,
  userId: string,
  input: CreateCourierOrderInput,
): Promise<CourierOrderRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await insertCourierOrder(tx, {
      userId,
      fromAddress: input.from,
      toAddress: input.to,
      weight: input.weight,
      length: input.length,
      width: input.width,
      height: input.height,
      weightUnit: input.weightUnit,
      dimensionUnit: input.dimensionUnit,
      specialNotes: input.specialNotes,
      searchText: searchTextOf(input),
    });
    await emitWebhookEvent(ctx, tx, courierEvent(row));
    return row;
  });
}
