/**
 * The zod-free part of the catalogue contract (catalog.ts holds the schemas). The POS terminal
 * imports these at start-up, so this module must not import zod, nor any module that does
 * (`import type` is fine).
 */

/**
 * GET /api/products paging: default and maximum page size. The default is one screenful of the
 * terminal's grid and more (120 fills whole rows of 2, 3, 4 or 5 columns); the terminal asks for
 * more with 'Show more', and search narrows a large catalogue. A page of 500 cost the server about
 * 10 ms more per search at 100,000 products (bench/catalog) and the browser hundreds of cards.
 */
export const PRODUCT_LIST_DEFAULT_LIMIT = 120;
export const PRODUCT_LIST_MAX_LIMIT = 5000;
