import type { AddressInfo } from 'node:net';
import { startWorkers } from '../src/jobs/index.ts';
import { startWebhookWorkers } from '../src/modules/webhooks/webhook-delivery.ts';
import { drainWebhookDeliveries } from '../src/modules/webhooks/test-support.ts';
import { apiReseller, signUpStaff, type ApiReseller, type Staff } from './account-fixtures.ts';
import { adminCall } from './api-fixtures.ts';
import { createTestApp, type Engine, type TestApp } from './helper.ts';
import { waitForLabelJobs } from './order-fixtures.ts';

/**
 * Two real LabelPorts, each on its own database: portal B listens on a port and sells labels through its
 * `/api/v2` to a reseller account (`account`); portal A buys them there once its staff add B as a
 * `labelport` provider and route a label type to it (decision 306). A chain of three puts a middle
 * portal (`startMiddlePortal`) between them, which buys on the last as A buys on it.
 */

type PortalOptions = {
  engine?: Engine;
  poolSize?: number;
  env?: Record<string, string>;
  /** Also run the webhook workers (tracking pushed by webhook). */
  webhooks?: boolean;
};

export type UpstreamPortal = {
  app: TestApp;
  /** Where B listens, as A's staff enter it. */
  url: string;
  /** The reseller account on B that A buys with. */
  account: ApiReseller;
  /** Waits for B's label jobs (and deliveries) and stops it. */
  close: () => Promise<void>;
};

type StaffMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type DownstreamPortal = {
  app: TestApp;
  staff: Staff;
  /** A call of A's staff to A's console API (`url` after `/api/v1/admin`). */
  admin: (method: StaffMethod, url: string, payload?: object) => ReturnType<typeof adminCall>;
  /** Adds B (or another LabelPort) as a provider of A; fails unless A accepts it. */
  addUpstream: (
    credentials: { apiKey: string; baseUrl: string },
    name?: string,
  ) => Promise<{ _id: string; credentialHint: string }>;
  /** Routes A's label type `uid` to the given providers, in order, with the upstream service `uid`. */
  route: (uid: string, providerIds: string[]) => Promise<void>;
  /** The id of A's label type `uid`. */
  labelTypeId: (uid: string) => Promise<string>;
  /** Waits for A's label jobs (and deliveries) and stops it. */
  close: () => Promise<void>;
};

/** A portal that sells to another: its API unlimited for the buyer. */
const SELLER_ENV = { API_RATE_LIMIT_PER_MINUTE: '0', API_PURCHASES_PER_SECOND: '0' };

/** Has a portal listen on 127.0.0.1 and open the API reseller account another portal buys with. */
async function openForBuyers(
  app: TestApp,
  balanceCents = 50_00,
): Promise<Pick<UpstreamPortal, 'url' | 'account'>> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { url, account: await apiReseller(app, balanceCents) };
}

/**
 * Portal B: a real LabelPort listening on 127.0.0.1, with its label workers and a funded API reseller.
 * `workers: false` leaves B's label workers stopped (its orders wait until `startWorkers`).
 */
export async function startUpstreamPortal(
  options: PortalOptions & { balanceCents?: number; workers?: boolean } = {},
): Promise<UpstreamPortal> {
  const app = await createTestApp({
    engine: options.engine,
    poolSize: options.poolSize,
    env: { ...SELLER_ENV, ...options.env },
  });
  if (options.workers !== false) await startWorkers(app.ctx);
  if (options.webhooks) await startWebhookWorkers(app.ctx);
  const { url, account } = await openForBuyers(app, options.balanceCents);
  return {
    app,
    url,
    account,
    close: async () => {
      await waitForLabelJobs(app);
      if (options.webhooks) await drainWebhookDeliveries(app);
      await app.close();
    },
  };
}

/**
 * Portal A: a real LabelPort with a staff member (second factor enrolled) who manages its providers.
 * `workers: false` leaves A's label workers stopped, for a test that places orders first.
 */
export async function startDownstreamPortal(
  options: PortalOptions & { workers?: boolean } = {},
): Promise<DownstreamPortal> {
  const app = await createTestApp({
    engine: options.engine,
    poolSize: options.poolSize,
    env: { PROVIDER_LABEL_WAIT_SECONDS: '20', ...options.env },
  });
  if (options.workers !== false) await startWorkers(app.ctx);
  if (options.webhooks) await startWebhookWorkers(app.ctx);
  const staff = await signUpStaff(app);
  const admin = (method: StaffMethod, url: string, payload?: object) =>
    adminCall(app, staff.headers, method, url, payload);
  const labelTypeId = async (uid: string) => {
    const types = (await admin('GET', '/label-types')).json().labelTypes as { uid: string; _id: string }[];
    const type = types.find((t) => t.uid === uid);
    if (!type) throw new Error(`no label type ${uid}`);
    return type._id;
  };
  return {
    app,
    staff,
    admin,
    labelTypeId,
    addUpstream: async (credentials, name = 'Portal B') => {
      const res = await admin('POST', '/providers', { kind: 'labelport', name, credentials });
      if (res.statusCode !== 201) throw new Error(`adding ${name} failed: ${res.body}`);
      return res.json().provider as { _id: string; credentialHint: string };
    },
    route: async (uid, providerIds) => {
      const res = await admin('PUT', `/label-types/${await labelTypeId(uid)}/route`, {
        route: providerIds.map((providerId) => ({ providerId, service: uid })),
      });
      if (res.statusCode !== 200) throw new Error(`routing ${uid} failed: ${res.body}`);
    },
    close: async () => {
      await waitForLabelJobs(app);
      if (options.webhooks) await drainWebhookDeliveries(app);
      await app.close();
    },
  };
}

/** A portal in the middle of a chain (A buys on B, B on C): staff who add C, and a buyer's account for A. */
export type MiddlePortal = DownstreamPortal & Pick<UpstreamPortal, 'url' | 'account'>;

/**
 * Portal B of a chain A -> B -> C: a downstream portal whose staff add C as a provider, that also listens
 * and sells to A through its `/api/v2` to a funded API reseller account, as portal B does.
 */
export async function startMiddlePortal(
  options: PortalOptions & { balanceCents?: number } = {},
): Promise<MiddlePortal> {
  const portal = await startDownstreamPortal({ ...options, env: { ...SELLER_ENV, ...options.env } });
  return { ...portal, ...(await openForBuyers(portal.app, options.balanceCents)) };
}

/**
 * Portal A buying on portal B: B started first, A with B added as the provider `Portal B` and, when
 * `routed` names label types, those routed to it. `close()` stops A before B.
 */
export async function twoPortals(
  options: {
    upstream?: Parameters<typeof startUpstreamPortal>[0];
    downstream?: Parameters<typeof startDownstreamPortal>[0];
    routed?: string[];
  } = {},
) {
  const b = await startUpstreamPortal(options.upstream);
  const a = await startDownstreamPortal(options.downstream);
  const portalB = await a.addUpstream({ apiKey: b.account.apiKey, baseUrl: b.url });
  for (const uid of options.routed ?? []) await a.route(uid, [portalB._id]);
  return {
    a,
    b,
    /** B as A's provider. */
    portalB,
    close: async () => {
      await a.close();
      await b.close();
    },
  };
}
