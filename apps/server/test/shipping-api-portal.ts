import { startWorkers } from '../src/jobs/index.ts';
import { signUpReseller, signUpStaff } from './account-fixtures.ts';
import { routeToShippingApis } from './api-fixtures.ts';
import { startEasyPostFake } from './fakes/easypost-fake.ts';
import { startShippoFake } from './fakes/shippo-fake.ts';
import { createTestApp } from './helper.ts';
import { labelTypeIds, waitForLabelJobs } from './order-fixtures.ts';
import { freePort } from './postgres-cluster.ts';

/**
 * A portal listening on its own port with `PUBLIC_URL` set (so providers can register our inbound
 * webhooks), its label workers running, the EasyPost and Shippo fakes added as providers with Priority
 * routed to EasyPost and Ground Advantage (oz) to Shippo, staff and a reseller with $100.
 */
export async function shippingApiPortal(env: Record<string, string>) {
  const [easypost, shippo] = await Promise.all([startEasyPostFake(), startShippoFake()]);
  const port = await freePort();
  const app = await createTestApp({ env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ...env } });
  await startWorkers(app.ctx);
  await app.listen({ port, host: '127.0.0.1' });
  const staff = await signUpStaff(app);
  const reseller = await signUpReseller(app, 100_00);
  const types = await labelTypeIds(app, staff.headers);
  const providers = await routeToShippingApis(app, staff.headers, { easypost, shippo }, types);
  const close = async () => {
    await waitForLabelJobs(app);
    await app.close();
    await Promise.all([easypost.close(), shippo.close()]);
  };
  return { app, easypost, shippo, staff, reseller, types, providers, close };
}

export type ShippingApiPortal = Awaited<ReturnType<typeof shippingApiPortal>>;
