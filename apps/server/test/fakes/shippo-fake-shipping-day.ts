import type { ServerResponse } from 'node:http';
import { drawFakeScanForm, newId, sendJson } from './fake-upstream.ts';

type Json = Record<string, unknown>;

const now = () => new Date().toISOString();
const OWNER = 'fake@labelport.test';

/**
 * The fake Shippo's manifests (`POST /manifests`, `GET /manifests/{id}`), pickups (`POST /pickups`) and
 * rates (`GET /rates/{id}`), in the wire shapes the `shippo` client validates: a manifest of SUCCESS
 * transactions with its `documents`, a USPS pickup CONFIRMED with a `confirmation_code`. Shippo's API
 * has no pickup cancel.
 */
export function shippoShippingDay(options: {
  transactions: Map<string, Json>;
  rateOf: (rateId: string) => { shipment: Json; rate: Json } | null;
  files: Map<string, Uint8Array>;
  origin: () => string;
}) {
  const manifests = new Map<string, Json>();
  const pickups = new Map<string, Json>();

  async function createManifest(res: ServerResponse, body: Json) {
    const ids = ((body.transactions as string[] | undefined) ?? []).map(String);
    const chosen = ids.map((id) => options.transactions.get(id));
    if (ids.length === 0 || chosen.some((t) => t?.status !== 'SUCCESS'))
      return sendJson(res, 400, { detail: 'transactions: every transaction must be a purchased label' });
    const account = String(body.carrier_account ?? '');
    if (chosen.some((t) => options.rateOf(String(t!.rate))?.rate.carrier_account !== account))
      return sendJson(res, 400, { detail: 'transactions: every label must be of the carrier account' });
    const id = newId('');
    const from = (body.address_from as Json | undefined) ?? {};
    const path = `/manifests/files/${id}.pdf`;
    options.files.set(
      path,
      await drawFakeScanForm(
        id,
        String(body.shipment_date ?? now()).slice(0, 10),
        from,
        chosen.map((t) => ({ orderId: String(t!.object_id), tracking: String(t!.tracking_number) })),
      ),
    );
    const manifest: Json = {
      carrier_account: account,
      shipment_date: body.shipment_date,
      transactions: ids,
      address_from: newId(''),
      documents: [`${options.origin()}${path}`],
      errors: [],
      object_created: now(),
      object_id: id,
      object_owner: OWNER,
      object_updated: now(),
      status: 'SUCCESS',
    };
    manifests.set(id, manifest);
    return sendJson(res, 201, manifest);
  }

  function createPickup(res: ServerResponse, body: Json) {
    const ids = ((body.transactions as string[] | undefined) ?? []).map(String);
    if (ids.length === 0 || ids.some((id) => options.transactions.get(id)?.status !== 'SUCCESS'))
      return sendJson(res, 400, { detail: 'transactions: every transaction must be a purchased label' });
    const location = (body.location as Json | undefined) ?? {};
    const pickup: Json = {
      carrier_account: body.carrier_account,
      location,
      metadata: body.metadata ?? '',
      requested_start_time: body.requested_start_time,
      requested_end_time: body.requested_end_time,
      transactions: ids,
      object_created: now(),
      object_id: newId(''),
      object_updated: now(),
      confirmed_start_time: body.requested_start_time,
      confirmed_end_time: body.requested_end_time,
      cancel_by_time: body.requested_start_time,
      status: 'CONFIRMED',
      confirmation_code: `WTC${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      timezone: 'US/Central',
      messages: [],
      is_test: true,
    };
    pickups.set(pickup.object_id as string, pickup);
    return sendJson(res, 201, pickup);
  }

  /** Answers the route when it is one of these; false when it is not. */
  async function handle(route: string, res: ServerResponse, body: Json): Promise<boolean> {
    let match: RegExpMatchArray | null;
    if (route === 'POST /manifests') await createManifest(res, body);
    else if ((match = route.match(/^GET \/manifests\/(\w+)$/))) {
      const manifest = manifests.get(match[1]!);
      sendJson(res, manifest ? 200 : 404, manifest ?? { detail: 'Not found.' });
    } else if (route === 'POST /pickups') createPickup(res, body);
    else if ((match = route.match(/^GET \/rates\/(\w+)$/))) {
      const found = options.rateOf(match[1]!);
      sendJson(res, found ? 200 : 404, found?.rate ?? { detail: 'Not found.' });
    } else return false;
    return true;
  }

  return { handle, manifests, pickups };
}
