// Every table of the site's database, one file per feature (docs/architecture.md, "Storage").
export * from './accounts';
export * from './audit';
export * from './content';
export * from './documents';
export * from './mail';
export * from './taxonomy';
export * from './conversations';
export * from './leads';
export * from './newsletter';
export * from './quotas';
export { weekOf } from './columns';
