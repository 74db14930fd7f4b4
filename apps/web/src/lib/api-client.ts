import { API_BASE_URL } from './api-base';
import { getAccessToken, reloadAt, removeAccessToken } from './auth-token';

/** A failed call: the server's `{ message }` (shown as given, spec section 5) and the HTTP status (0 = network). */
export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Unable to reach the server. Check your connection and try again.';

type Body = Record<string, unknown> | unknown[] | FormData;
type RequestOptions = {
  body?: Body;
  query?: Record<string, string | number | boolean | undefined>;
  /** Download calls expect a binary response (spec section 7). */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
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
    if (!response.ok) throw new ApiError(await readErrorMessage(response), response.status);
    if (options.responseType === 'blob') return (await response.blob()) as T;
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

async function readErrorMessage(response: Response): Promise<string> {
  try {
    const data = (await response.json()) as { message?: unknown };
    if (typeof data.message === 'string' && data.message) return data.message;
  } catch {
    // not JSON: fall back to the status line
  }
  return `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''})`;
}

/** The app's one client: bearer from the cookie, and any 401 signs out to `/` (spec section 8). */
export const api = createApiClient({
  baseUrl: API_BASE_URL,
  getToken: getAccessToken,
  onUnauthorized: () => reloadAt('/'),
});
