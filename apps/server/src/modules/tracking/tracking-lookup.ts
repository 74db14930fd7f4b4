import { API_KEY_HEADER, type Carrier, type ProviderCredentials, type UpstreamKind } from '@portal/shared';
import { EASYPOST_API } from '../../labels/providers/upstream/easypost-adapter.ts';
import {
  easypostEvents,
  labelportEvents,
  shippoEvents,
  type IncomingTrackingEvent,
} from './provider-tracking.ts';

type Json = Record<string, unknown>;
export type TrackingQuery = { upstreamId: string | null; tracking: string; carrier: Carrier };

const SHIPPO_API = 'https://api.goshippo.com';

async function getJson(url: string, headers: Record<string, string>, timeoutMs: number): Promise<Json> {
  const response = await fetch(url, {
    headers: { accept: 'application/json', ...headers },
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
  return (await response.json()) as Json;
}

/**
 * A provider's tracking of one label, for polling: EasyPost's tracker (through the shipment that holds
 * it), Shippo's track of the carrier and number, an upstream LabelPort's read-order with its timeline.
 */
export async function lookUpTracking(
  kind: UpstreamKind,
  credentials: ProviderCredentials,
  q: TrackingQuery,
  timeoutMs = 30_000,
): Promise<IncomingTrackingEvent[]> {
  const { apiKey, baseUrl } = credentials;
  switch (kind) {
    case 'easypost': {
      const base = baseUrl ? `${baseUrl.replace(/\/v2\/?$/, '')}/v2/` : EASYPOST_API;
      const auth = { authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}` };
      let trackerId: string | null = null;
      if (q.upstreamId) {
        const shipment = await getJson(
          `${base}shipments/${encodeURIComponent(q.upstreamId)}`,
          auth,
          timeoutMs,
        );
        trackerId = ((shipment.tracker as Json | null)?.id as string | undefined) ?? null;
      }
      if (!trackerId) return [];
      return easypostEvents(
        await getJson(`${base}trackers/${encodeURIComponent(trackerId)}`, auth, timeoutMs),
      );
    }
    case 'shippo': {
      const base = (baseUrl ?? SHIPPO_API).replace(/\/$/, '');
      const track = await getJson(
        `${base}/tracks/${q.carrier}/${encodeURIComponent(q.tracking)}`,
        { authorization: `ShippoToken ${apiKey}` },
        timeoutMs,
      );
      return shippoEvents(track);
    }
    case 'labelport': {
      if (!q.upstreamId || !baseUrl) return [];
      const body = await getJson(
        `${baseUrl}/api/v2/order/read-order/${encodeURIComponent(q.upstreamId)}`,
        { [API_KEY_HEADER]: apiKey },
        timeoutMs,
      );
      return labelportEvents((body.order as Json | undefined)?.trackingEvents);
    }
  }
}

async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<Json> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
  return (await response.json()) as Json;
}

/**
 * Registers our inbound URL for tracking news at the provider: EasyPost's webhook with our secret
 * (it signs with it), Shippo's `track_updated` webhook with the secret as the URL's token, an upstream
 * LabelPort's webhook endpoint for `order.tracking_updated` (which makes its own secret and shows it
 * once). Returns the provider's id of the webhook and the secret to verify with.
 */
export async function registerTrackingWebhook(
  kind: UpstreamKind,
  credentials: ProviderCredentials,
  q: { url: string; secret: string; isTest: boolean },
  timeoutMs = 30_000,
): Promise<{ id: string; secret: string }> {
  const { apiKey, baseUrl } = credentials;
  switch (kind) {
    case 'easypost': {
      const base = baseUrl ? `${baseUrl.replace(/\/v2\/?$/, '')}/v2/` : EASYPOST_API;
      const auth = { authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}` };
      const hook = await postJson(
        `${base}webhooks`,
        auth,
        { webhook: { url: q.url, webhook_secret: q.secret } },
        timeoutMs,
      );
      return { id: String(hook.id), secret: q.secret };
    }
    case 'shippo': {
      const base = (baseUrl ?? SHIPPO_API).replace(/\/$/, '');
      const url = `${q.url}?token=${encodeURIComponent(q.secret)}`;
      const hook = await postJson(
        `${base}/webhooks`,
        { authorization: `ShippoToken ${apiKey}` },
        { event: 'track_updated', url, active: true, is_test: q.isTest },
        timeoutMs,
      );
      return { id: String(hook.object_id), secret: q.secret };
    }
    case 'labelport': {
      if (!baseUrl) throw new Error('A labelport provider needs its base URL');
      const body = await postJson(
        `${baseUrl}/api/v2/webhooks`,
        { [API_KEY_HEADER]: apiKey },
        { url: q.url, events: ['order.tracking_updated'], enabled: true },
        timeoutMs,
      );
      const endpoint = body.endpoint as Json | undefined;
      if (!endpoint?.id || typeof body.secret !== 'string')
        throw new Error('The upstream portal named no webhook');
      return { id: String(endpoint.id), secret: body.secret };
    }
  }
}
