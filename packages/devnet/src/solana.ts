// `@paylink/devnet/solana`: the solana family's devnet face, for the tests and benches that start it alone.
export * from '@paylink/chains/solana/devnet'
