// Injected into the test wallet bundle (bundle.ts): bitcoinjs-style code expects a global Buffer.
import { Buffer } from 'buffer'

;(globalThis as { Buffer?: typeof Buffer }).Buffer ??= Buffer

export { Buffer }
