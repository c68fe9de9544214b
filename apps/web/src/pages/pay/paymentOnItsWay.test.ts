import { describe, expect, it } from 'vitest'
import { englishText } from '../../i18n/testing/englishText.js'
import { findPaymentOnItsWay } from './paymentOnItsWay.js'
import { clearPaying, markPaying, otherTabPaying } from './payingMarker.js'
import { pendingPayment, tokenOption } from './testing/checkoutFixtures.js'

const PAYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const option = tokenOption()
const fromPayer = pendingPayment({
  status: 'confirming',
  optionId: option.id,
  payer: PAYER.toLowerCase(),
  amount: '1234.5',
})
// The page asks for the whole 1,234.5 TUSD; the server's option has the payment on its way left out.
const onItsWay = tokenOption({ confirming: '1234.5' })
const ask = (payments = [fromPayer], extra: Partial<Parameters<typeof findPaymentOnItsWay>[0]> = {}) =>
  findPaymentOnItsWay({
    link: { payments, options: [onItsWay] },
    option,
    due: 1_234_500_000n,
    payer: PAYER,
    remembered: [],
    paying: null,
    t: englishText,
    ...extra,
  })

describe('findPaymentOnItsWay: the second Pay press of one payer', () => {
  it("warns of the server's payment of this option from this wallet (any case of a hex address)", () => {
    expect(ask()?.text).toBe('A payment from this wallet (1,234.5 TUSD) is already on its way to this link.')
    expect(ask([{ ...fromPayer, status: 'confirmed' }])?.text).toBe(
      'A payment from this wallet (1,234.5 TUSD) has already reached this link.',
    )
  })
  it('warns of a transaction not read yet that this browser sent (another tab of it)', () => {
    const unread = pendingPayment()
    expect(ask([unread])).toBeNull()
    expect(
      ask([unread], { remembered: [{ caipNetworkId: unread.caipNetworkId, txHash: unread.txHash }] })?.text,
    ).toMatch(/^A payment from this wallet is already on its way/)
  })
  it("warns of another tab at the wallet step for this option and account, not of another option's", () => {
    const paying = { tab: 'other', optionId: option.id, payer: PAYER, at: 0 }
    expect(ask([], { paying })?.text).toMatch(/another tab is waiting for the wallet/)
    expect(ask([], { paying: { ...paying, optionId: 'opt_other' } })).toBeNull()
  })
  it('lets a top-up go: the rest still due after an earlier payment the page already counts', () => {
    const partly = tokenOption({ paid: '1000' })
    const earlier = { ...fromPayer, status: 'confirmed' as const, amount: '1000' }
    expect(ask([earlier], { link: { payments: [earlier], options: [partly] }, due: 234_500_000n })).toBeNull()
  })
  it('lets another sender, another option, a late, failed or reverted payment go', () => {
    expect(ask([{ ...fromPayer, payer: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }])).toBeNull()
    expect(ask([{ ...fromPayer, optionId: 'opt_other' }])).toBeNull()
    expect(ask([{ ...fromPayer, late: true }])).toBeNull()
    expect(ask([{ ...fromPayer, status: 'failed' }])).toBeNull()
    expect(ask([{ ...fromPayer, status: 'reverted' }])).toBeNull()
  })
})

describe('payingMarker: one tab at the wallet step, seen by the others', () => {
  const memory = () => {
    const items = new Map<string, string>()
    return {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    }
  }
  it('is seen by another tab while fresh, never by its own tab, and cleared by its tab only', () => {
    const store = memory()
    markPaying('lnk_1', { optionId: 'opt_tusd', payer: PAYER }, { store, now: 1000, tab: 'a' })
    expect(otherTabPaying('lnk_1', { store, now: 2000, tab: 'a' })).toBeNull()
    expect(otherTabPaying('lnk_1', { store, now: 2000, tab: 'b' })).toMatchObject({ optionId: 'opt_tusd' })
    expect(otherTabPaying('lnk_1', { store, now: 1000 + 3 * 60_000 + 1, tab: 'b' })).toBeNull()
    clearPaying('lnk_1', { store, tab: 'b' })
    expect(otherTabPaying('lnk_1', { store, now: 2000, tab: 'b' })).not.toBeNull()
    clearPaying('lnk_1', { store, tab: 'a' })
    expect(otherTabPaying('lnk_1', { store, now: 2000, tab: 'b' })).toBeNull()
  })
  it('ignores what is not a marker', () => {
    const store = memory()
    store.setItem('paylink:paying:lnk_1', '{"tab":1}')
    expect(otherTabPaying('lnk_1', { store, tab: 'b' })).toBeNull()
    store.setItem('paylink:paying:lnk_1', 'not json')
    expect(otherTabPaying('lnk_1', { store, tab: 'b' })).toBeNull()
  })
})
