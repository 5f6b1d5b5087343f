export * from './auth';
export * from './errors';
export * from './events';
export * from './money';
export * from './permissions';
export * from './roles';
export * from './screens';
export * from './size-options';
