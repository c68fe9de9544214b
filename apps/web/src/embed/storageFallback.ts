/**
 * In a shop's page the checkout is a cross-site frame (/embed.js), and a browser that blocks
 * third-party storage (Chromium with third-party cookies blocked, Brave) throws on any touch of
 * localStorage or sessionStorage there. The toolkit and the Dev Wallet keep their state in them and
 * would fail to start; with this, such a frame keeps that state in memory for the page's life
 * instead (a reload asks the payer to connect again). Imported first by main.tsx; does nothing
 * where storage works.
 */
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>()
  get length() {
    return this.#items.size
  }
  clear() {
    this.#items.clear()
  }
  getItem(key: string) {
    return this.#items.get(String(key)) ?? null
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.#items.delete(String(key))
  }
  setItem(key: string, value: string) {
    this.#items.set(String(key), String(value))
  }
}

/** True when reading `name` throws (storage denied to this document). */
function denied(name: 'localStorage' | 'sessionStorage'): boolean {
  try {
    window[name].getItem('paylink')
    return false
  } catch {
    return true
  }
}

export function installStorageFallback(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    if (denied(name)) Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true })
  }
}

installStorageFallback()
