/**
 * Sales tax (issue #34 item 2, ADR 0030): the tax rates, each store's 'prices include tax' and the
 * check a category's or product's rate goes through. The rounding rule is packages/shared/src/tax.ts.
 * Other modules and app.ts import only what this file exports.
 */
export { taxRoutes } from './tax.routes';
export { checkTaxRateExists } from './tax.service';
