import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The API server (apps/server) in development; same origin in production. */
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Only server paths are proxied. `/admin/staff` is a client route, so `/admin` as a whole
 * must not be proxied: only the two server endpoints under it (spec §7 Staff administration).
 */
const SERVER_PATHS = ['/api', '/auth', '/admin/users', '/admin/send-email'];

/**
 * Libraries every screen needs go into long-cached vendor chunks; the rest stays with the lazy route
 * that uses it. Mantine and the icons are entries-aware (issue #19): their modules are chunked by
 * the set of routes that use them, small sets merged, so the terminal loads the Mantine components
 * it renders and not the back office's (about 20 KB gzip less than one Mantine chunk, in fewer files).
 */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
  {
    name: 'mantine',
    test: /node_modules[\\/](@mantine[\\/](core[\\/]esm[\\/]core|hooks|notifications|store)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx|react-number-format|react-textarea-autosize|type-fest)[\\/]/,
  },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  {
    name: 'icons',
    test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/,
    entriesAware: true,
    entriesAwareMergeThreshold: 8_000,
  },
];

/** An entries-aware group's chunk is named after every route sharing it ('icons~pos~users~…'): keep the group's name. */
const groupName = (name: string) => name.replace(/~.*$/, '');

/** The terminal's route module: the chunk React.lazy loads for /pos (app/routes/screens.ts). */
const TERMINAL_ROUTE = '/src/app/routes/pos/index.tsx';

/**
 * Issue #19 (cold start): a till opened on /pos asks for the terminal's chunks while the app's entry
 * is still downloading, instead of after the entry has run. A tiny classic script, first in <head>
 * (the CSP allows only 'self' scripts, so not inline), adds a modulepreload link for every chunk of
 * the terminal that the entry does not already preload; on any other path it does nothing.
 */
function terminalPreload(): Plugin {
  return {
    name: 'retail-hub:terminal-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const chunks = Object.values(ctx.bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: string) => {
          const seen = new Set<string>();
          const stack = [start];
          for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
            if (seen.has(file)) continue;
            seen.add(file);
            stack.push(...(byFile.get(file)?.imports ?? []));
          }
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry);
        const terminal = chunks.find((c) => c.facadeModuleId?.endsWith(TERMINAL_ROUTE));
        if (!entry || !terminal) throw new Error(`terminal-preload: no entry chunk or no chunk for ${TERMINAL_ROUTE}`);
        const preloaded = closure(entry.fileName);
        const files = [...closure(terminal.fileName)].filter((file) => !preloaded.has(file)).map((file) => `/${file}`);
        const source = `if(location.pathname==='/pos')for(const href of ${JSON.stringify(files)}){const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link)}\n`;
        const fileName = `assets/terminal-preload-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
        (this as unknown as Rollup.PluginContext).emitFile({ type: 'asset', fileName, source });
        return [{ tag: 'script', attrs: { src: `/${fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}

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
  plugins: process.env.VITEST ? [react()] : [react(), pwa, terminalPreload()],
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
        chunkFileNames: (chunk) => `assets/${groupName(chunk.name)}-[hash].js`,
      },
    },
  },
});
