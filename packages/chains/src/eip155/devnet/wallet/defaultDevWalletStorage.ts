import type { DevWalletStorage } from './types.js'

/** Where a Dev Wallet account remembers its connection: `localStorage`, or memory where the page has none. */
export function defaultDevWalletStorage(): DevWalletStorage {
  try {
    const storage = globalThis.localStorage
    if (storage) return storage
  } catch {
    // Sandboxed frames throw on localStorage access.
  }
  const memory = new Map<string, string>()
  return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) }
}
