import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import type { Config } from '../config.ts';

/**
 * One address may hold at most `maxConnectionsPerIp` open sockets; more are closed at once, so slow
 * clients from one place cannot take every socket (the header and request timeouts are set in app.ts).
 */
export function limitConnections(app: FastifyInstance, config: Config): void {
  const { http } = config;
  // Behind a trusted proxy every socket comes from the proxy: bounding clients is then its job.
  if (http.maxConnectionsPerIp === 0 || config.trustProxy !== false) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > http.maxConnectionsPerIp) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
