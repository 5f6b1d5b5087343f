import type { RetailStore } from '@retail-hub/shared';

/** A store as GET /api/stores answers it, for the web tests of several stores (issue #32). */
export const aStore = (id: string, name: string, code: string): RetailStore => ({
  id,
  name,
  code,
  sellingLocationId: null,
  sellingLocationName: null,
  isArchived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The demo's two cafés. */
export const MAIN = aStore('00000000-0000-4000-8000-000000000001', 'Main Café', 'MAIN');
export const LIBRARY = aStore('00000000-0000-4000-8000-000000000002', 'Library Café', 'LIB');
