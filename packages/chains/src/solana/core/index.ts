// The solana family's core face: see ../../../README.md. Filled by the chain-family move (#28).
export {}
export { solanaPayUri } from './solanaPayUri.js'
