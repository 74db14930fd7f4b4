/**
 * Where the API lives (DESIGN.md 7, docs/decisions/010-api-base-url.md): a build-time VITE_API_URL wins;
 * the Vite dev server on localhost talks to the API on port 7400; otherwise the API serves this page.
 */
import { DEFAULT_API_PORT } from '@portal/shared';

type BuildEnv = { VITE_API_URL?: string | undefined; DEV: boolean };
type PageLocation = Pick<Location, 'href' | 'origin'>;

export function resolveApiOrigin(env: BuildEnv, page: PageLocation): string {
  const configured = env.VITE_API_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  if (env.DEV && page.href.includes('localhost')) return `http://localhost:${DEFAULT_API_PORT}`;
  return page.origin;
}

export const API_ORIGIN = resolveApiOrigin(import.meta.env, window.location);
export const API_BASE_URL = `${API_ORIGIN}/api/v1`;
