export * from './permissions.ts';
export * from './schemas.ts';
