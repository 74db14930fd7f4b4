import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, logSink, signUp, type TestApp } from '../../test/helper.ts';
import { loggerOptions } from '../app.ts';
import { loadConfig } from '../config.ts';

type Line = Record<string, unknown> & { msg: string; reqId?: string };

describe('the access log', () => {
  let app: TestApp;
  const log = logSink();

  beforeAll(async () => {
    // The server's own logger options, at its default level.
    const config = loadConfig({ WEB_DIST_DIR: '/nonexistent-web-dist' });
    expect(config.logLevel).toBe('info');
    app = await createTestApp({ logger: { ...loggerOptions(config), stream: log.stream } });
    app.get('/test/broken', async () => {
      throw new Error('the handler broke');
    });
    await app.ready();
  });
  afterAll(async () => app.close());
  beforeEach(() => {
    log.lines.length = 0;
  });

  const lines = () => log.lines.map((text) => JSON.parse(text) as Line);
  const linesOf = (reqId: string) => lines().filter((line) => line.reqId === reqId);

  it('writes one line per request: the request, its status and its time, under its id', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'probe-1' } });
    expect(res.headers['x-request-id']).toBe('probe-1');
    const [line, ...more] = linesOf('probe-1');
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/healthz' },
      res: { statusCode: 200 },
    });
    expect(line!.responseTime).toEqual(expect.any(Number));
  });

  it('writes the refused request too, without the credentials it carried', async () => {
    const res = await app.inject({
      url: '/api/v1/order/read?page=2',
      headers: { authorization: 'Bearer not-a-session-token', 'x-request-id': 'probe-2' },
    });
    expect(res.statusCode).toBe(401);
    const [line, ...more] = linesOf('probe-2');
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/order/read?page=[Redacted]' },
      res: { statusCode: 401 },
    });
    expect(log.lines.join('')).not.toContain('not-a-session-token');
  });

  it("keeps a query's names but never its values: a webhook token in the URL stays out of the log", async () => {
    const secret = 'shippo-token-0123456789abcdef';
    await app.inject({
      method: 'POST',
      url: `/api/v1/tracking/inbound/00000000-0000-4000-8000-000000000000?token=${secret}&x=1#frag`,
      headers: { 'content-type': 'application/json', 'x-request-id': 'probe-5' },
      payload: '{}',
    });
    const [line] = linesOf('probe-5').filter((l) => l.msg === 'request completed');
    expect(line).toMatchObject({
      req: {
        method: 'POST',
        url: '/api/v1/tracking/inbound/00000000-0000-4000-8000-000000000000?token=[Redacted]&x=[Redacted]',
      },
    });
    expect(log.lines.join('')).not.toContain(secret);
  });

  it('keeps the error line of a failing request beside its one access line', async () => {
    const res = await app.inject({ url: '/test/broken', headers: { 'x-request-id': 'probe-3' } });
    expect(res.statusCode).toBe(500);
    const own = linesOf('probe-3');
    expect(own.filter((line) => line.msg === 'request completed')).toHaveLength(1);
    expect(own.find((line) => line.msg === 'request completed')).toMatchObject({ res: { statusCode: 500 } });
    expect(JSON.stringify(own)).toContain('the handler broke');
  });

  it('writes one line for a signed-in read as well', async () => {
    const { token } = await signUp(app);
    await app.inject({
      url: '/api/v1/order/read',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'probe-4' },
    });
    expect(linesOf('probe-4')).toEqual([
      expect.objectContaining({ msg: 'request completed', res: { statusCode: 200 } }),
    ]);
  });
});
