import type { App } from '../src/app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Headers = Record<string, string>;

/** The body part of an inject call, left out when there is none (a GET must not carry one). */
const withPayload = (payload?: object | string) => (payload === undefined ? {} : { payload });

/** A call to the web app's API as a signed-in account: `url` is the part after `/api/v1`. */
export const appCall = (
  app: App,
  headers: Headers | undefined,
  method: Method,
  url: string,
  payload?: object | string,
) => app.inject({ method, url: `/api/v1${url}`, headers, ...withPayload(payload) });

/** A staff member's call to the console's API: `url` is the part after `/api/v1/admin`. */
export const adminCall = (
  app: App,
  headers: Headers | undefined,
  method: Method,
  url: string,
  payload?: object,
) => appCall(app, headers, method, `/admin${url}`, payload);

/**
 * A call to the reseller API with an API key (`null`: no key at all): `url` is the part after `/api/v2`;
 * `headers` adds to the key, such as an idempotency key.
 */
export const apiCall = (
  app: App,
  apiKey: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object | string,
  headers: Headers = {},
) =>
  app.inject({
    method,
    url: `/api/v2${url}`,
    headers: { ...(apiKey === null ? {} : { 'x-api-key': apiKey }), ...headers },
    ...withPayload(payload),
  });

type ShippingApiFakes = {
  easypost: { apiKey: string; url: string };
  shippo: { apiKey: string; url: string };
};

/**
 * Staff add the EasyPost and Shippo fakes as providers, by the names given (their kinds unless told);
 * answers the providers' ids. Throws with the body when the console refuses either.
 */
export async function addShippingApis(
  app: App,
  staffHeaders: Headers,
  fakes: ShippingApiFakes,
  names: { easypost: string; shippo: string } = { easypost: 'easypost', shippo: 'shippo' },
): Promise<{ easypost: string; shippo: string }> {
  const add = async (kind: 'easypost' | 'shippo') => {
    const credentials = { apiKey: fakes[kind].apiKey, baseUrl: fakes[kind].url };
    const created = await adminCall(app, staffHeaders, 'POST', '/providers', {
      kind,
      name: names[kind],
      credentials,
    });
    if (created.statusCode !== 201) throw new Error(`adding ${kind}: ${created.statusCode} ${created.body}`);
    return created.json().provider._id as string;
  };
  return { easypost: await add('easypost'), shippo: await add('shippo') };
}

/**
 * Staff add the EasyPost and Shippo fakes as providers and route Priority to EasyPost and Ground Advantage
 * (oz) to Shippo; answers the providers' ids. Throws with the body when the console refuses either step.
 */
export async function routeToShippingApis(
  app: App,
  staffHeaders: Headers,
  fakes: ShippingApiFakes,
  types: Record<string, string>,
): Promise<{ easypost: string; shippo: string }> {
  const ids = await addShippingApis(app, staffHeaders, fakes);
  const routes: Array<[string, string, string]> = [
    [types.priority!, ids.easypost, 'USPS:Priority'],
    [types.ground_oz!, ids.shippo, 'usps_ground_advantage'],
  ];
  for (const [typeId, providerId, service] of routes) {
    const routed = await adminCall(app, staffHeaders, 'PUT', `/label-types/${typeId}/route`, {
      route: [{ providerId, service }],
    });
    if (routed.statusCode !== 200) throw new Error(`routing: ${routed.statusCode} ${routed.body}`);
  }
  return ids;
}
