// The eip155 family's core face: see ../../../README.md. Filled by the chain-family move (#28).
export {}
export { evmPaymentUri } from './evmPaymentUri.js'
