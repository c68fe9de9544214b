// Every table of the database, one module per area under tables/. drizzle-kit reads this file
// (drizzle.config.ts) to diff against the committed migrations; domain code imports tables from
// here and row types from rows.ts.
// No extensions: drizzle-kit loads these files through require(), which does not map .js to .ts.
export * from './tables/signIn'
export * from './tables/merchants'
export * from './tables/links'
export * from './tables/payments'
export * from './tables/webhooks'
export * from './tables/chainIdentities'
export * from './tables/cluster'
export * from './tables/refunds'
export * from './tables/unmatched'
export * from './tables/x402'
export * from './tables/subscriptions'
export * from './tables/idempotency'
export * from './tables/embed'
export * from './tables/pos'
