// Every table of the site's database, one file per feature (docs/architecture.md, "Storage").
export * from './audit';
export * from './accounts';
export * from './quotas';
