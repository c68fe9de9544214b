// The bip122 family's core face: see ../../../README.md. Filled by the chain-family move (#28).
export {}
export { bitcoinPaymentUri } from './bitcoinPaymentUri.js'
