import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/** Paths the API owns: an unknown one answers JSON 404 (or 401 when signed out), never the app shell. */
const API_PREFIXES = ['/api/', '/auth/', '/admin/users', '/admin/send-email'];

/**
 * Issue #19: the service worker and the manifest must never be served stale from an HTTP cache,
 * or a terminal would keep an old app shell after a release.
 */
const NO_CACHE_FILES = new Set(['/sw.js', '/manifest.webmanifest', '/registerSW.js']);

function listFiles(root: string, dir = root, out = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) listFiles(root, full, out);
    else out.add(`/${path.relative(root, full).split(path.sep).join('/')}`);
  }
  return out;
}

/**
 * Serves the built web app on the API's port (one port for both, issue #2). Files come from a
 * list taken at start (no path from the request ever reaches the file system); any other GET
 * is a client route and gets index.html.
 */
export function webRoutes(distDir: string): FastifyPluginAsync {
  return async (app) => {
    const hasBuild = existsSync(path.join(distDir, 'index.html'));
    const files = hasBuild ? listFiles(distDir) : new Set<string>();
    // preCompressed: the build writes .br and .gz beside each script (scripts/compress-dist.mjs);
    // a browser that accepts them gets those bytes, anything else the original file. cacheControl
    // off: the route sets Cache-Control itself (the plugin would overwrite it with max-age=0).
    if (hasBuild)
      await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true, cacheControl: false });

    app.get('/*', { config: { permission: 'public' } }, async (request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      if (API_PREFIXES.some((prefix) => urlPath.startsWith(prefix))) {
        return reply.callNotFound();
      }
      if (!hasBuild) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
      }
      if (files.has(urlPath) && urlPath !== '/index.html') {
        const immutable = urlPath.startsWith('/assets/');
        const noCache = NO_CACHE_FILES.has(urlPath) || /^\/workbox-[\w-]+\.js$/.test(urlPath);
        reply.header(
          'Cache-Control',
          noCache ? 'no-cache' : immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
        return reply.sendFile(urlPath.slice(1));
      }
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    });
  };
}
