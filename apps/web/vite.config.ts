import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The API server (apps/server) in development; same origin in production. */
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Only server paths are proxied. `/admin/staff` is a client route, so `/admin` as a whole
 * must not be proxied: only the two server endpoints under it (spec §7 Staff administration).
 */
const SERVER_PATHS = ['/api', '/auth', '/admin/users', '/admin/send-email'];

/** Libraries every screen needs go into long-cached vendor chunks; the rest stays with the lazy route that uses it. */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
  {
    name: 'mantine',
    test: /node_modules[\\/](@mantine[\\/](core[\\/]esm[\\/]core|hooks|notifications|store)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx|react-number-format|react-textarea-autosize|type-fest)[\\/]/,
  },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
];

/**
 * Issue #19 (ADR 0014): the installable terminal. Workbox (generateSW) precaches the app shell and
 * every chunk, and answers navigations with the shell so /pos opens without network. No API answer
 * is cached by the service worker: the app keeps what it decides to (features/offline) in IndexedDB.
 * The app registers the worker itself (features/offline/start.ts), after the first screen.
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  filename: 'sw.js',
  injectRegister: false,
  registerType: 'autoUpdate',
  manifest: {
    name: 'Retail Hub',
    short_name: 'Retail Hub',
    description: 'Retail Hub: Professional Point of Sale & Procurement System',
    start_url: '/pos',
    scope: '/',
    display: 'standalone',
    theme_color: '#1a4fa8',
    background_color: '#ffffff',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    navigateFallback: '/index.html',
    // Server paths are never answered with the shell.
    navigateFallbackDenylist: SERVER_PATHS.map((path) => new RegExp(`^${path}(/|$)`)),
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});

export default defineConfig({
  // Unit tests (vitest extends this config) need no service worker.
  plugins: process.env.VITEST ? [react()] : [react(), pwa],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // @retail-hub/shared builds its zod schemas at module level, which a bundler must keep as
      // possible side effects. Declaring `z.*` calls pure lets the sign-in path, which needs only
      // sanitizePinInput, can() and the like, leave zod out (about 26 kB gzip); a schema that is
      // used is kept as usual. Caveat: a bare statement such as `z.config(...)` would be dropped.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
