/**
 * The toolkit's code, downloaded on demand. The Buffer polyfill comes first: the adapters
 * need it as soon as they run. `npm run build:baseline` swaps this file for
 * loadKitModule.eager.ts to measure what importing AppKit in the entry costs.
 */
export async function loadKitModule() {
  await import('../polyfills.js')
  return import('./kitModule.js')
}

/** Lazy build: the toolkit is fetched when the browser is idle after the first paint, or on demand. */
export const kitLoadsAtStart = false
