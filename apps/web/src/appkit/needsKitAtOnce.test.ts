import { describe, expect, it } from 'vitest'
import { needsKitAtOnce } from './needsKitAtOnce.js'

describe('needsKitAtOnce', () => {
  it('is true on the wallet, dashboard and toolkit pages', () => {
    for (const path of ['/wallet', '/dashboard', '/dashboard/links/new', '/toolkit'])
      expect(needsKitAtOnce(path)).toBe(true)
  })
  it('is false on the home page and the checkout, which paint first', () => {
    for (const path of ['/', '/pay/lnk_abc']) expect(needsKitAtOnce(path)).toBe(false)
  })
})
