import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatCents } from '@portal/shared';
import { escapeHtml } from '../../src/mail/escape-html.ts';
import { listen } from './fake-upstream.ts';

/**
 * What the PayPal and Square fakes share: the hosted page a payer meets (the amount, "Pay" and "Cancel"),
 * and the webhook messages they post, each kept as it was sent.
 */
export type SentWebhook = {
  url: string;
  headers: Record<string, string>;
  body: string;
  status: number | null;
};

/** The hosted page: what is charged, and two buttons posting to `payAction` and `cancelAction`. */
export function sendCheckoutPage(
  res: ServerResponse,
  page: {
    company: string;
    note: string;
    amountCents: number;
    currency: string;
    payAction: string;
    cancelAction: string;
  },
) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.company)} checkout</title></head>
<body>
<main>
<h1>${escapeHtml(page.company)}</h1>
<p>${escapeHtml(page.note)}</p>
<p data-testid="amount">${escapeHtml(formatCents(page.amountCents))} ${escapeHtml(page.currency)}</p>
<form method="post" action="${escapeHtml(page.payAction)}"><button type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(page.cancelAction)}"><button type="submit">Cancel</button></form>
</main>
</body></html>`;
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
}

/** A page saying the checkout cannot be paid any more (expired, cancelled, paid). */
export function sendClosedPage(res: ServerResponse, company: string, why: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(company)} checkout</title></head><body><p>${escapeHtml(why)}</p></body></html>`;
  res.writeHead(410, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
}

/** Where a button sends the payer back: 303, so the browser follows with a GET. */
export function redirectSeeOther(res: ServerResponse, location: string) {
  res.writeHead(303, { location, 'content-length': 0 });
  res.end();
}

/** Drains a request body the fake does not read (a form post). */
export async function drain(req: IncomingMessage) {
  for await (const chunk of req) void chunk;
}

/** Posts a signed message to a webhook URL, recording it first; its status, or null when it was not reached. */
export async function postWebhook(
  sent: SentWebhook[],
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<void> {
  const record: SentWebhook = { url, headers, body, status: null };
  sent.push(record);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    record.status = response.status;
  } catch {
    record.status = null;
  }
}

/** The payer on the hosted page, over HTTP: reads it, then presses a button; where the page sends them (303). */
export async function pressOnHostedPage(
  hostedUrl: string,
  button: 'Pay' | 'Cancel',
): Promise<{ page: string; status: number; location: string | null }> {
  const page = await (await fetch(hostedUrl)).text();
  const forms = [
    ...page.matchAll(/<form method="post" action="([^"]+)"><button type="submit">([^<]+)<\/button>/g),
  ];
  const action = forms.find((f) => f[2] === button)?.[1];
  if (!action) throw new Error(`The hosted page has no ${button} button: ${page}`);
  const response = await fetch(new URL(action.replace(/&amp;/g, '&'), hostedUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return { page, status: response.status, location: response.headers.get('location') };
}

/** A webhook endpoint that answers 200 to whatever comes: where a fake's signed messages go in a test. */
export async function startWebhookSink(): Promise<{ url: string; close(): Promise<void> }> {
  const server = await listen(async (req, res) => {
    await drain(req);
    res.writeHead(200, { 'content-length': 0 }).end();
  });
  return { url: `${server.url}/api/v1/payments/inbound/test`, close: server.close };
}
