import { API_BASE_URL } from './api-base';
import { getAccessToken, reloadAt, removeAccessToken } from './auth-token';

/** The browser's IANA time zone, or null where it cannot say. */
const browserTimeZone = (): string | null => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
};

/** A failed call: the server's `{ message }` (shown as given, spec section 5) and the HTTP status (0 = network). */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON error body, for screens that show more than the message (a CSV's row `errors`). */
  readonly body: unknown;
  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** A download: the file and the name the server gave it in content-disposition (null when it gave none). */
export type DownloadedFile = { blob: Blob; fileName: string | null; headers: Headers };

/**
 * Whether a read that failed is tried again: one failing on the network or the server, twice more; a 4xx
 * answer would not change. The data cache reads by this rule (query-client.ts), and so do reads made before it
 * exists (the captcha configuration, before sign-in).
 */
export const shouldRetryRead = (failureCount: number, error: unknown): boolean => {
  const isClientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !isClientError && failureCount < 2;
};

export const NETWORK_ERROR_MESSAGE = 'Unable to reach the server. Check your connection and try again.';

type Body = Record<string, unknown> | unknown[] | FormData;
type RequestOptions = {
  body?: Body;
  query?: Record<string, string | number | boolean | undefined>;
  /** Download calls expect a binary response (spec section 7); 'file' adds the server's file name. */
  responseType?: 'json' | 'blob' | 'file';
  signal?: AbortSignal;
  /** Extra request headers, such as a purchase's `Idempotency-Key`. */
  headers?: Record<string, string>;
};

type ClientConfig = {
  baseUrl: string;
  getToken: () => string | undefined;
  /** Any 401 ends the session: the token is already removed when this runs. */
  onUnauthorized: () => void;
  fetchImpl?: typeof fetch;
};

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient({ baseUrl, getToken, onUnauthorized, fetchImpl }: ClientConfig) {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers = new Headers({ accept: 'application/json' });
    const token = getToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    // "Today" and ship dates are the reseller's days: the server reads them in this zone (decision 355).
    const zone = browserTimeZone();
    if (zone) headers.set('x-time-zone', zone);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      response = await (fetchImpl ?? fetch)(buildUrl(baseUrl, path, options.query), {
        method,
        headers,
        body,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
    }

    if (response.status === 401) {
      removeAccessToken();
      onUnauthorized();
    }
    if (!response.ok) {
      const { message, body: errorBody } = await readError(response);
      throw new ApiError(message, response.status, errorBody);
    }
    if (options.responseType === 'blob') return (await response.blob()) as T;
    if (options.responseType === 'file') {
      const fileName = fileNameFromDisposition(response.headers.get('content-disposition'));
      return {
        blob: await response.blob(),
        fileName,
        headers: response.headers,
      } satisfies DownloadedFile as T;
    }
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  return {
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
    post: <T>(path: string, body?: Body, options?: RequestOptions) =>
      request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: Body, options?: RequestOptions) =>
      request<T>('PUT', path, { ...options, body }),
    patch: <T>(path: string, body?: Body, options?: RequestOptions) =>
      request<T>('PATCH', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  };
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readError(response: Response): Promise<{ message: string; body: unknown }> {
  let body: unknown;
  try {
    body = await response.json();
    const { message } = body as { message?: unknown };
    if (typeof message === 'string' && message) return { message, body };
  } catch {
    // not JSON: fall back to the status line
  }
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return { message: `Request failed (${status})`, body };
}

/** `attachment; filename="a.zip"` or RFC 5987 `filename*=UTF-8''a%20b.zip` -> the bare file name. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return sanitizeFileName(decodeURIComponent(extended.trim()));
    } catch {
      // malformed escape: try the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  return sanitizeFileName((plain?.[1] ?? plain?.[2] ?? '').trim());
}

const sanitizeFileName = (name: string): string | null => name.replace(/[\\/]/g, '_') || null;

/** The app's one client: bearer from the cookie, and any 401 signs out to `/` (spec section 8). */
export const api = createApiClient({
  baseUrl: API_BASE_URL,
  getToken: getAccessToken,
  onUnauthorized: () => reloadAt('/'),
});
