// The solana family's web face: see ../../../README.md. Filled by the chain-family move (#28).
export {}
