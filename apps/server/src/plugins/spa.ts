import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app; any unmatched GET that is not an API call renders index.html so the
 * client router can show the page (or Sign-In). Hashed assets are cached for a year; index.html is
 * revalidated on every load. Files go out as the build's brotli or gzip copy when the browser accepts it.
 * Files are looked up at each request, so a build that appears or is swapped in (`npm start` links a new
 * one in place, decision 272) is served without a restart.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  const isBuilt = fs.existsSync(indexFile);
  if (!isBuilt) app.log.warn({ distDir }, 'web app not built yet; run `npm run build` to serve it');
  await app.register(fastifyStatic, {
    root: distDir,
    // No routes from the files found at start: the route below finds each file when it is asked for.
    serve: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // The raw response (@fastify/static 9, which runs on Node 20): the header goes out with the file.
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/')) {
      return reply.status(404).send({ message: `Route ${request.method} ${urlPath} not found` });
    }
    const candidate = path.join(distDir, path.normalize(urlPath));
    if (
      candidate.startsWith(distDir) &&
      urlPath !== '/' &&
      fs.existsSync(candidate) &&
      fs.statSync(candidate).isFile()
    ) {
      return reply.sendFile(path.relative(distDir, candidate));
    }
    void reply.header('cache-control', 'no-cache');
    if (!fs.existsSync(indexFile))
      return reply
        .status(503)
        .header('retry-after', '30')
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet; it appears here once `npm run build` has made it.');
    return reply.sendFile('index.html');
  });
  return isBuilt;
}

/**
 * Fastify's `frameworkErrors`: a path it cannot decode (/%E0%A4%A) never reaches a route or a hook. A
 * page address a person typed or pasted is sent on to the same address with its `%` escaped, which
 * decodes, so the app (with its security headers) shows its own not-found; API paths keep JSON.
 */
export function serveAppOnBadUrl(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const isPage =
    error.code === 'FST_ERR_BAD_URL' &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api/');
  if (isPage) {
    const [pathPart = '/', query] = request.url.split('?', 2);
    const escaped = pathPart.replaceAll('%', '%25').replace(/^\/+/, '/');
    return reply.redirect(query === undefined ? escaped : `${escaped}?${query}`, 302);
  }
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The address is not a valid URL' : error.message;
  return reply.status(400).send({ message });
}
