export * from './platform';
export * from './users';
export * from './vendors';
