// `@paylink/devnet/bitcoin`: the bip122 family's devnet face, for the tests and benches that start it alone.
export * from '@paylink/chains/bip122/devnet'
