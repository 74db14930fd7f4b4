import { vi } from 'vitest';

type Reply = { status?: number; body?: unknown };
/** The routes a test answers: `METHOD /path` to a fixed reply or a handler. */
export type Routes = Record<string, Handler | Reply>;
type Handler = (request: {
  url: URL;
  method: string;
  body: unknown;
  headers: Headers;
}) => Reply | Promise<Reply>;

/** Calls every signed-in page makes, answered as for a new account unless a test says otherwise. */
const DEFAULT_ROUTES: Record<string, Reply> = {
  'GET /user/label-format': { body: { labelFormat: 'pdf', labelDpi: 203 } },
};

/**
 * Stands in for the network with a fetch stub: the API is an outside service from a component's point of
 * view. Routes are `METHOD /path` under /api/v1; unknown routes answer 404 with a message.
 */
export function stubApi(routes: Routes) {
  const calls: Array<{ method: string; path: string; body: unknown; headers: Headers }> = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path, body, headers });
    const route = routes[`${method} ${path}`] ?? DEFAULT_ROUTES[`${method} ${path}`];
    const reply = typeof route === 'function' ? await route({ url, method, body, headers }) : route;
    const { status = 200, body: replyBody = {} } = reply ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(replyBody), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  /** The query strings sent to `path` (any path ending with it), as plain objects, in order. */
  const queries = (path: string) =>
    fetchStub.mock.calls
      .map(([input]) => new URL(String(input)))
      .filter((url) => url.pathname.endsWith(path))
      .map((url) => Object.fromEntries(url.searchParams));
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { calls, fetchStub, queries, posts };
}

export type FakeServer = ReturnType<typeof stubApi>;

/**
 * A 400 naming fields as the API refuses a payload: `{ message, errors: [{ field, message }] }`; the
 * message is the first field's unless told.
 */
export function fieldErrorsReply(errors: Record<string, string>, message = Object.values(errors)[0]): Reply {
  return {
    status: 400,
    body: { message, errors: Object.entries(errors).map(([field, text]) => ({ field, message: text })) },
  };
}
