import { describe, expect, it, vi } from 'vitest'
import { walletControlSelector, watchWalletIntent } from './watchWalletIntent.js'

/** A document stand-in: listeners by type, and elements that answer closest() like the page would. */
function fakeDocument() {
  const listeners = new Map<string, Set<(event: Event) => void>>()
  return {
    addEventListener: (type: string, listener: (event: Event) => void, capture?: boolean) => {
      expect(capture).toBe(true)
      if (!listeners.has(type)) listeners.set(type, new Set())
      listeners.get(type)!.add(listener)
    },
    removeEventListener: (type: string, listener: (event: Event) => void) => listeners.get(type)?.delete(listener),
    fire(type: string, insideControl: boolean) {
      const target = {
        closest: (selector: string) => (selector === walletControlSelector && insideControl ? {} : null),
      }
      for (const listener of [...(listeners.get(type) ?? [])]) listener({ target } as unknown as Event)
    },
    count: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  }
}

describe('watchWalletIntent', () => {
  it('ignores presses, focus and keys elsewhere on the page (the QR, the facts, a copy button)', () => {
    const doc = fakeDocument()
    const onIntent = vi.fn()
    watchWalletIntent(doc as unknown as Document, onIntent)
    for (const type of ['pointerdown', 'focusin', 'keydown']) doc.fire(type, false)
    expect(onIntent).not.toHaveBeenCalled()
    expect(doc.count()).toBe(3)
  })

  for (const type of ['pointerdown', 'focusin', 'keydown'])
    it(`calls back once at the first ${type} on a wallet control, then stops listening`, () => {
      const doc = fakeDocument()
      const onIntent = vi.fn()
      watchWalletIntent(doc as unknown as Document, onIntent)
      doc.fire(type, true)
      doc.fire('pointerdown', true)
      expect(onIntent).toHaveBeenCalledTimes(1)
      expect(doc.count()).toBe(0)
    })

  it('stops when told to', () => {
    const doc = fakeDocument()
    const onIntent = vi.fn()
    watchWalletIntent(doc as unknown as Document, onIntent)()
    doc.fire('pointerdown', true)
    expect(onIntent).not.toHaveBeenCalled()
  })
})
