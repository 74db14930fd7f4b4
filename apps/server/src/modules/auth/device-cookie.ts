import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, DEVICE_TTL_MS } from '../two-factor/two-factor-login.service.ts';

/** The remembered-device cookie the browser sent, if any. */
export function readDeviceCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Sets the remembered-device cookie: script cannot read it (HttpOnly), it goes only to the sign-in
 * routes, never cross-site, and over https only when the app is served over https.
 */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  const isSecure = request.protocol === 'https';
  const attributes = [
    `${DEVICE_COOKIE}=${encodeURIComponent(value)}`,
    'Path=/api/v1/auth',
    `Max-Age=${Math.floor(DEVICE_TTL_MS / 1000)}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(isSecure ? ['Secure'] : []),
  ];
  void reply.header('set-cookie', attributes.join('; '));
}
