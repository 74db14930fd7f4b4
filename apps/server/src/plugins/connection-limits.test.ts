import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

/** Resolves with how long the server kept the socket open, in ms. */
const closedAfter = (socket: net.Socket): Promise<number> => {
  const started = Date.now();
  return new Promise((resolve) => socket.once('close', () => resolve(Date.now() - started)));
};

describe('slow and many connections', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp({
      env: { HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2', MAX_CONNECTIONS_PER_IP: '3' },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => app.close());

  const connect = () =>
    new Promise<net.Socket>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
      socket.on('error', () => {});
    });

  it('closes a request whose headers trickle in', async () => {
    const socket = await connect();
    const closed = closedAfter(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const timer = setInterval(() => socket.write('X-Slow: 1\r\n'), 300);
    const ms = await closed;
    clearInterval(timer);
    expect(ms).toBeLessThan(4_000);
  });

  it('closes a body sent one byte at a time once the request time is up', async () => {
    const socket = await connect();
    const closed = closedAfter(socket);
    socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    const timer = setInterval(() => socket.write('{'), 300);
    const ms = await closed;
    clearInterval(timer);
    expect(ms).toBeLessThan(5_000);
  });

  it('closes connections from one address past the bound', async () => {
    const sockets = await Promise.all([1, 2, 3, 4].map(connect));
    const fourth = sockets[3]!;
    expect(await closedAfter(fourth)).toBeLessThan(1_000);
    const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
    expect(res).toBeNull();
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
