// The eip155 family's devnet face: see ../../../README.md. Filled by the chain-family move (#28).
export {}
