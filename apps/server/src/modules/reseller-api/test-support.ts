import { inArray } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { orders } from '../../db/schema.ts';
import { signUp } from '../../../test/helper.ts';
import { fund, resellerOf, waitFor } from '../../../test/order-kit.ts';

/** A signed-up reseller with its API key (read from the app like the docs page does) and a balance. */
export type ApiReseller = { id: string; apiKey: string; headers: Record<string, string> };

export async function apiReseller(app: App & { database: { db: unknown } }, cents = 0): Promise<ApiReseller> {
  const { headers } = await signUp(app);
  const reseller = await resellerOf(app, headers);
  const access = await app.inject({ method: 'GET', url: '/api/v1/auth/access', headers });
  if (cents > 0) await fund(app.ctx.db, reseller.id, cents);
  return { id: reseller.id, apiKey: access.json().api_key as string, headers };
}

export const v2 = (
  app: App,
  apiKey: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object | string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url: `/api/v2${url}`,
    headers: { ...(apiKey === null ? {} : { 'x-api-key': apiKey }), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

/** Waits until no label is being drawn, so closing the app never pulls the database from a job. */
export const settleLabels = (app: App) =>
  waitFor(
    () =>
      app.ctx.db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.status, ['pending', 'processing'])),
    (open) => open.length === 0,
  );
