/**
 * The asset register (issue #17, ADR 0018): registered units and their history, maintenance, safety
 * checks, write-offs; purchasing registers received units and the POS asset loans claim and release them.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { assetRegisterRoutes } from './asset-register.routes';
export {
  actorName,
  assertReceiptTagsFree,
  claimUnit,
  lockUnitInScope,
  registerFigures,
  registerReceivedUnits,
  registerUnit,
  releaseUnit,
  unitsOfReceipts,
} from './asset-register.service';
export { manageScope } from './register-scope';
export { openCorrectiveJob } from './upkeep.service';
