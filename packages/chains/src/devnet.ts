// The registry of the families' devnet faces: with the other registries, the only files that list every
// chain family (see ../README.md). Filled by the chain-family move (#28).
export {}
