export * from './zip-directory.ts';
export * from './address-check.ts';
export * from './warning-wording.ts';
