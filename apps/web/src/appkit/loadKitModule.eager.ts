// The benchmark's baseline only (vite.config.ts, PAYLINK_BUILD=baseline): AppKit and its
// adapters in the entry chunk, as a default integration has them.
import '../polyfills.js'
import * as kitModule from './kitModule.js'
import '@reown/appkit-adapter-solana/react'
import '@reown/appkit-adapter-bitcoin'

export async function loadKitModule() {
  return kitModule
}

/** Baseline build: the toolkit starts with the page, as in a default integration. */
export const kitLoadsAtStart = true
