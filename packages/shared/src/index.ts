export * from './constants.ts';
export * from './money.ts';
export * from './regions.ts';
export * from './label-types.ts';
export * from './schemas/auth.ts';
export * from './csv/index.ts';
export * from './tracking-url.ts';
