// The bip122 family's server face: see ../../../README.md. Filled by the chain-family move (#28).
export {}
