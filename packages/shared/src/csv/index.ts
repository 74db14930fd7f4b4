export * from './columns.ts';
export * from './header-map.ts';
export * from './limits.ts';
export * from './responses.ts';
export * from './row-check.ts';
export * from './row.ts';
export * from './sample.ts';
export * from './validate.ts';
