import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as shared from './index.js'

/** The parts of zod 4's internal definition this walk reads. */
type ZodDef = { type: string; shape?: Record<string, z.ZodType>; options?: z.ZodType[]; items?: z.ZodType[] } & Partial<
  Record<'catchall' | 'element' | 'innerType' | 'in' | 'out' | 'keyType' | 'valueType', z.ZodType>
>

/** Every string schema reachable from `schema`, with its path, and whether it has a max length. */
function strings(
  schema: z.ZodType,
  path: string,
  seen = new Set<z.ZodType>(),
): Array<{ path: string; max: number | null }> {
  if (seen.has(schema)) return []
  seen.add(schema)
  const def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def
  const walk = (child: z.ZodType | undefined, at: string) => (child ? strings(child, at, seen) : [])
  switch (def.type) {
    case 'string':
      return [{ path, max: (schema as z.ZodString).maxLength }]
    case 'object':
      return [
        ...Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
          walk(child, `${path}.${key}`),
        ),
        ...(def.catchall ? walk(def.catchall, `${path}.*`) : []),
      ]
    case 'array':
      return walk(def.element, `${path}[]`)
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(def.innerType, path)
    case 'pipe':
      return [...walk(def.in, path), ...walk(def.out, path)]
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option, i) => walk(option, `${path}|${i}`))
    case 'record':
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)]
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((item, i) => walk(item, `${path}[${i}]`))
    default:
      return []
  }
}

describe('string length limits', () => {
  it('every z.string() in every exported schema has a max length', () => {
    const schemas = Object.entries(shared).filter(([, value]) => value instanceof z.ZodType) as Array<
      [string, z.ZodType]
    >
    schemas.push(['createLinkBodySchemaFor([])', shared.createLinkBodySchemaFor([])])
    expect(schemas.length).toBeGreaterThan(30)
    const found = schemas.flatMap(([name, schema]) => strings(schema, name))
    expect(found.length).toBeGreaterThan(100)
    expect(found.filter((s) => s.max === null || s.max === Infinity).map((s) => s.path)).toEqual([])
    // And no limit is so large it means nothing; the exceptions are the logo upload, an image of
    // up to 256 KiB as base64 (its route has its own body limit and checks the decoded size), and a
    // paid URL's static text, up to 32 KiB (maxPaidUrlContentBytes, checked in UTF-8 bytes).
    const large = new Set(['putMerchantProfileBodySchema.logo', 'createPaidUrlBodySchema.content.text'])
    expect(found.filter((s) => s.max! > 8192 && !large.has(s.path)).map((s) => s.path)).toEqual([])
  })

  it('answers the server produces still fit', () => {
    // The largest amount the server can write: 2^256 - 1 atomic units of an 18-decimal asset.
    const amount = `${(2n ** 256n - 1n).toString().slice(0, 60)}.${'9'.repeat(18)}`
    const link = {
      id: 'lnk_' + 'a'.repeat(22),
      title: 't'.repeat(120),
      description: 'd'.repeat(2000),
      merchantAddress: '0x' + 'a'.repeat(40),
      status: 'open',
      expiresAt: new Date(8.64e15).toISOString(),
      createdAt: new Date().toISOString(),
      paidAt: null,
      deactivatedAt: null,
      version: 1,
      options: [
        {
          id: 'opt_' + 'a'.repeat(22),
          asset: 'eip155:1/slip44:60',
          caipNetworkId: 'eip155:1',
          symbol: 'ETH',
          decimals: 18,
          amount,
          rate: amount,
          rateSource: 'median of coinbase, kraken, bitstamp, coingecko (2 dropped as outliers)',
          quoteExpiresAt: new Date(8.64e15).toISOString(),
          quoteProblem: `No ETH price in USD right now (${'e'.repeat(400)}).`,
          due: amount,
          shortfall: amount,
          recipient: '0x' + 'b'.repeat(40),
          depositAddress: null,
          paymentUri: null,
          paid: '0',
          confirming: '0',
          overpaid: '0',
          late: '0',
        },
      ],
      payments: [],
      successUrl: `https://shop.example/${'p'.repeat(2048 - 'https://shop.example/'.length)}`,
      receiptEmail: true,
      merchant: {
        displayName: 'n'.repeat(80),
        logoUrl: `/api/merchant-logos/${'f'.repeat(64)}`,
        brandColor: '#a1b2c3',
      },
      merchantNotified: true,
      receiptNumber: 'PL-ABCD-EFGH',
      reusable: null,
      order: null,
      price: { currency: 'USD', amount },
      fiat: { paid: amount, due: amount, shortfall: amount, overpaid: amount },
      underpaymentTolerancePercent: '10.00',
      latePaymentGraceSeconds: 2 ** 31 - 1,
    }
    const parsed = shared.linkSchema.safeParse(link)
    expect(parsed.error?.issues ?? []).toEqual([])
  })
})
