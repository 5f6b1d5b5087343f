import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

/** The built web app on the API's port: files from the build, compressed when the browser accepts it. */

const dist = mkdtempSync(path.join(os.tmpdir(), 'rh-web-dist-'));
const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Retail Hub</title>');
writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), gzipSync(script));
writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(path.join(dist, 'workbox-1a2b3c.js'), 'export {};');
writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Retail Hub"}');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('sends the pre-compressed script to a browser that accepts gzip or brotli, cached for a year', async () => {
    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.rawPayload.length).toBeLessThan(script.length / 10);

    const br = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('sends the original bytes to a client that accepts no encoding', async () => {
    const plain = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a client route with index.html, never cached', async () => {
    const page = await t.app.inject({ url: '/pos', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Retail Hub</title>');
  });

  it('serves the service worker and the manifest uncached, as scripts and a manifest (issue #19)', async () => {
    const sw = await t.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const workbox = await t.app.inject({ url: '/workbox-1a2b3c.js' });
    expect(workbox.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });
});
