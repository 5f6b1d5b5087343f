import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security guide, Requests: security headers on every response (errors included), JSON-only
 * state changes (415 otherwise), and cross-site state changes refused (403).
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    // Served over plain HTTP on a LAN by default; HSTS only makes sense behind HTTPS.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });

  // Only JSON bodies are parsed; Fastify answers 415 for any other media type with a body.
  app.removeContentTypeParser(['text/plain']);

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') throw forbidden('Cross-site requests are not allowed.');
    const origin = request.headers.origin;
    if (origin !== undefined) {
      let originHost: string | null = null;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = null;
      }
      if (originHost === null || originHost !== request.headers.host) {
        throw forbidden('Cross-site requests are not allowed.');
      }
    }
  });
}
