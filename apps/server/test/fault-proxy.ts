import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * What the proxy does to one request:
 * - `pass`: forwards it and its answer;
 * - `drop-after-answer`: forwards it, lets the upstream answer, then cuts the connection;
 * - `slow`: forwards it, and holds the answer for `slowMs` (past the caller's timeout);
 * - `500-after`: forwards it (the upstream acts on it), then answers 500 instead;
 * - `429`: answers 429 with `Retry-After: 1` without forwarding.
 */
export type Fault = 'pass' | 'drop-after-answer' | 'slow' | '500-after' | '429';

export type FaultRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** How many requests to the same route (ids taken out) came before this one. */
  seen: number;
};

export type FaultProxy = {
  url: string;
  /** How many requests met each fault. */
  counts: Record<Fault, number>;
  close(): Promise<void>;
};

/**
 * The faults of the exactly-once tests between portals: a purchase's first try meets a fault four times
 * in ten (one of each: the answer lost after the upstream acted, held past the caller's timeout, turned
 * into a 500 after it acted, or a 429 instead); its replays under the same Idempotency-Key pass. Some
 * reads and downloads fail too. Each call gives a picker of its own, for one proxy.
 */
export function purchaseFaults(): (request: FaultRequest) => Fault {
  const triedKeys = new Set<string>();
  return ({ method, path, seen, headers }) => {
    if (method === 'POST' && path.endsWith('/order/create-order')) {
      const key = String(headers['idempotency-key']);
      if (triedKeys.has(key)) return 'pass';
      triedKeys.add(key);
      return (['drop-after-answer', 'slow', '500-after', '429'] as const)[triedKeys.size % 10] ?? 'pass';
    }
    if (path.includes('/order/read-order/')) return seen % 15 === 7 ? '500-after' : 'pass';
    if (path.includes('/order/download/')) return seen % 20 === 3 ? 'drop-after-answer' : 'pass';
    return 'pass';
  };
}

/**
 * A small HTTP proxy in front of a real server that injects faults into the requests `faultOf` picks
 * (by method and path, and how many such requests came before), for exactly-once tests.
 */
export async function startFaultProxy(
  target: string,
  faultOf: (request: FaultRequest) => Fault,
  options: { slowMs: number },
): Promise<FaultProxy> {
  const counts: Record<Fault, number> = {
    pass: 0,
    'drop-after-answer': 0,
    slow: 0,
    '500-after': 0,
    '429': 0,
  };
  const seenByRoute = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const route = `${req.method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`;
    const seen = seenByRoute.get(route) ?? 0;
    seenByRoute.set(route, seen + 1);
    const fault = faultOf({ method: req.method ?? 'GET', path, headers: req.headers, seen });
    counts[fault]++;
    if (fault === '429') {
      req.resume();
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ message: 'Too many requests' }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
        let upstream: Response;
        try {
          upstream = await fetch(`${target}${path}`, {
            method: req.method,
            headers,
            ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
          });
        } catch {
          res.destroy();
          return;
        }
        const body = Buffer.from(await upstream.arrayBuffer());
        if (fault === 'drop-after-answer') {
          req.socket.destroy();
          return;
        }
        if (fault === '500-after') {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'Internal Server Error' }));
          return;
        }
        if (fault === 'slow') await sleep(options.slowMs);
        if (res.destroyed) return;
        const outHeaders: Record<string, string> = {};
        upstream.headers.forEach((value, name) => {
          if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
            outHeaders[name] = value;
        });
        res.writeHead(upstream.status, outHeaders);
        res.end(body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TcpFaultProxy = {
  /** Where to connect instead of the target: `127.0.0.1:<port>`. */
  host: string;
  port: number;
  /** Cuts every open connection and refuses new ones (each is closed as it opens) until `restore`. */
  cut(): void;
  /** Passes connections through again. */
  restore(): void;
  close(): Promise<void>;
};

/**
 * A TCP proxy in front of a server (PostgreSQL, for one instance cut off from it): passes bytes both ways
 * until `cut()`, which drops every connection and refuses the new ones, as a lost network route to the
 * database would, until `restore()`.
 */
export async function startTcpFaultProxy(target: { host: string; port: number }): Promise<TcpFaultProxy> {
  const open = new Set<net.Socket>();
  let isCut = false;
  const server = net.createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    cut: () => {
      isCut = true;
      for (const socket of open) socket.destroy();
    },
    restore: () => {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
