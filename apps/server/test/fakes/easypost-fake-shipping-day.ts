import type { ServerResponse } from 'node:http';
import { drawFakeScanForm, isoNow, newId, sendJson } from './fake-upstream.ts';

type Json = Record<string, unknown>;

const error = (code: string, message: string) => ({ error: { code, message, errors: [] } });
const NOT_FOUND = error('NOT_FOUND', 'The requested resource could not be found.');

/**
 * What EasyPost charges for a pickup per carrier, as its `pickup_rates` list them: USPS picks up free
 * (`NextDay`), UPS charges (its documented `Same-Day Pickup` and `Future-day Pickup`).
 */
const PICKUP_RATES: Record<string, { service: string; rate: string }[]> = {
  USPS: [{ service: 'NextDay', rate: '0.00' }],
  UPS: [
    { service: 'Same-Day Pickup', rate: '9.45' },
    { service: 'Future-day Pickup', rate: '7.15' },
  ],
};

/**
 * The fake EasyPost's ScanForms (`POST /v2/scan_forms`, `GET /v2/scan_forms/{id}`) and Pickups
 * (`POST /v2/pickups`, `.../buy`, `.../cancel`), in the shapes of EasyPost's API reference and its
 * client's types: a form of bought shipments (each on one form at most) with its `form_url`, a pickup with
 * `pickup_rates` bought at one of them into a `confirmation`, and cancelled into `canceled`.
 */
export function easypostShippingDay(options: {
  shipments: Map<string, Json>;
  files: Map<string, Uint8Array>;
  origin: () => string;
}) {
  const scanForms = new Map<string, Json>();
  const pickups = new Map<string, Json>();
  const onForm = new Set<string>();

  async function createScanForm(res: ServerResponse, body: Json) {
    const ids = (((body.scan_form as Json | undefined)?.shipments as Json[] | undefined) ?? []).map((s) =>
      String(s.id),
    );
    const chosen = ids.map((id) => options.shipments.get(id));
    if (ids.length === 0 || chosen.some((s) => !s?.postage_label))
      return sendJson(res, 422, error('SCAN_FORM.SHIPMENTS.INVALID', 'Shipments must be purchased.'));
    if (ids.some((id) => onForm.has(id)))
      return sendJson(
        res,
        422,
        error('SCAN_FORM.SHIPMENTS.ALREADY_FORMED', 'Shipment is already in a SCAN form.'),
      );
    const id = newId('sf_');
    const from = chosen[0]!.from_address as Json;
    const path = `/files/scan_form/${id}.pdf`;
    options.files.set(
      path,
      await drawFakeScanForm(
        id,
        isoNow().slice(0, 10),
        from,
        chosen.map((s) => ({ orderId: String(s!.id), tracking: String(s!.tracking_code) })),
      ),
    );
    for (const shipmentId of ids) onForm.add(shipmentId);
    const form: Json = {
      id,
      object: 'ScanForm',
      created_at: isoNow(),
      updated_at: isoNow(),
      tracking_codes: chosen.map((s) => s!.tracking_code),
      address: from,
      status: 'created',
      message: null,
      form_url: `${options.origin()}${path}`,
      form_file_type: null,
      batch_id: newId('batch_'),
      confirmation: null,
    };
    scanForms.set(id, form);
    return sendJson(res, 200, form);
  }

  function createPickup(res: ServerResponse, body: Json) {
    const input = (body.pickup as Json | undefined) ?? {};
    const shipment = options.shipments.get(String((input.shipment as Json | undefined)?.id ?? ''));
    if (!shipment?.postage_label)
      return sendJson(res, 422, error('PICKUP.SHIPMENT.INVALID', 'Pickup requires a purchased shipment.'));
    const id = newId('pickup_');
    const carrier = String((shipment.selected_rate as Json).carrier);
    const pickup: Json = {
      id,
      object: 'Pickup',
      mode: 'test',
      created_at: isoNow(),
      updated_at: isoNow(),
      reference: input.reference ?? null,
      status: 'unknown',
      min_datetime: input.min_datetime,
      max_datetime: input.max_datetime,
      is_account_address: input.is_account_address ?? false,
      instructions: input.instructions ?? null,
      messages: [],
      confirmation: null,
      address: { id: newId('adr_'), object: 'Address', ...(input.address as Json) },
      carrier_accounts: [],
      pickup_rates: (PICKUP_RATES[carrier] ?? []).map((r) => ({
        id: newId('prate_'),
        object: 'PickupRate',
        mode: 'test',
        service: r.service,
        carrier,
        rate: r.rate,
        currency: 'USD',
        pickup_id: id,
        created_at: isoNow(),
        updated_at: isoNow(),
      })),
    };
    pickups.set(id, pickup);
    return sendJson(res, 200, pickup);
  }

  function actOnPickup(res: ServerResponse, id: string, action: string, body: Json) {
    const pickup = pickups.get(id);
    if (!pickup) return sendJson(res, 404, NOT_FOUND);
    if (action === 'buy') {
      const rate = (pickup.pickup_rates as Json[]).find(
        (r) => r.carrier === body.carrier && r.service === body.service,
      );
      if (!rate) return sendJson(res, 422, error('PICKUP.RATE.INVALID', 'Invalid carrier or service.'));
      if (pickup.status !== 'unknown')
        return sendJson(res, 422, error('PICKUP.ALREADY_PURCHASED', 'Pickup has already been purchased.'));
      Object.assign(pickup, {
        status: 'scheduled',
        confirmation: `WTC${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
        updated_at: isoNow(),
      });
      return sendJson(res, 200, pickup);
    }
    if (pickup.status !== 'scheduled')
      return sendJson(res, 422, error('PICKUP.CANCEL.INVALID', 'Pickup cannot be canceled.'));
    Object.assign(pickup, { status: 'canceled', updated_at: isoNow() });
    return sendJson(res, 200, pickup);
  }

  /** Answers the route when it is one of these; false when it is not. */
  async function handle(route: string, res: ServerResponse, body: Json): Promise<boolean> {
    let match: RegExpMatchArray | null;
    if (route === 'POST /v2/scan_forms') await createScanForm(res, body);
    else if ((match = route.match(/^GET \/v2\/scan_forms\/(sf_\w+)$/))) {
      const form = scanForms.get(match[1]!);
      sendJson(res, form ? 200 : 404, form ?? NOT_FOUND);
    } else if (route === 'POST /v2/pickups') createPickup(res, body);
    else if ((match = route.match(/^POST \/v2\/pickups\/(pickup_\w+)\/(buy|cancel)$/)))
      actOnPickup(res, match[1]!, match[2]!, body);
    else return false;
    return true;
  }

  return { handle, scanForms, pickups };
}
