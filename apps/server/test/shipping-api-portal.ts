import { startWorkers } from '../src/jobs/index.ts';
import { signUpReseller, signUpStaff } from './account-fixtures.ts';
import { routeToShippingApis } from './api-fixtures.ts';
import { startEasyPostFake } from './fakes/easypost-fake.ts';
import { startShippoFake } from './fakes/shippo-fake.ts';
import { createTestApp } from './helper.ts';
import { labelTypeIds, waitForLabelJobs } from './order-fixtures.ts';
import { freePort } from './postgres-cluster.ts';

/**
 * The EasyPost and Shippo fakes beside an app with `env`, its label workers running (and listening on
 * `port` when given), staff, a reseller with `balance` cents and the label types' ids; no provider is
 * added yet. `close` waits for the label jobs, then stops the app and the fakes.
 */
export async function shippingApiApp(
  env: Record<string, string>,
  { balance = 100_00, port }: { balance?: number; port?: number } = {},
) {
  const [easypost, shippo] = await Promise.all([startEasyPostFake(), startShippoFake()]);
  const app = await createTestApp({ env });
  await startWorkers(app.ctx);
  if (port !== undefined) await app.listen({ port, host: '127.0.0.1' });
  const staff = await signUpStaff(app);
  const reseller = await signUpReseller(app, balance);
  const types = await labelTypeIds(app, staff.headers);
  const close = async () => {
    await waitForLabelJobs(app);
    await app.close();
    await Promise.all([easypost.close(), shippo.close()]);
  };
  return { app, easypost, shippo, staff, reseller, types, close };
}

export type ShippingApiApp = Awaited<ReturnType<typeof shippingApiApp>>;

/** An order as staff read it on the console, with the provider that bought its label. */
export type ProviderOrder = {
  _id: string;
  status: string;
  tracking: string;
  price: number;
  cost: number;
  provider: { name: string; kind: string } | null;
};

/**
 * A portal listening on its own port with `PUBLIC_URL` set (so providers can register our inbound
 * webhooks), its label workers running, the EasyPost and Shippo fakes added as providers with Priority
 * routed to EasyPost and Ground Advantage (oz) to Shippo, staff and a reseller with $100.
 */
export async function shippingApiPortal(env: Record<string, string>) {
  const port = await freePort();
  const portal = await shippingApiApp({ PUBLIC_URL: `http://127.0.0.1:${port}`, ...env }, { port });
  const { app, staff, easypost, shippo, types } = portal;
  const providers = await routeToShippingApis(app, staff.headers, { easypost, shippo }, types);
  return { ...portal, providers };
}

export type ShippingApiPortal = Awaited<ReturnType<typeof shippingApiPortal>>;
