/**
 * The whole database schema: every table, enum and relation. drizzle-kit generates the
 * migrations in apps/server/drizzle from this file; the client passes it to Drizzle.
 */
export * from './accounts';
export * from './activity';
export * from './assets';
export * from './cache-versions';
export * from './catalog';
export * from './customer-display';
export * from './enums';
export * from './held-sales';
export * from './modifiers';
export * from './numbering';
export * from './offline';
export * from './pos';
export * from './printers';
export * from './procurement-core';
export * from './procurement-jobs';
export * from './procurement-purchasing';
export * from './refunds';
export * from './relations';
export * from './shift-reports';
export * from './stores';
export * from './tax';
export * from './users';
