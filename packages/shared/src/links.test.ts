import { describe, expect, it } from 'vitest'
import { createLinkBodySchemaFor, recipientProblem } from './links.js'

const assets = [
  { assetId: 'eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6, symbol: 'USDC' },
  { assetId: 'eip155:1/slip44:60', decimals: 18, symbol: 'ETH' },
]
const schema = createLinkBodySchemaFor(assets)
const firstIssue = (body: unknown) => {
  const result = schema.safeParse(body)
  return result.success
    ? null
    : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message }
}

describe('createLinkBodySchemaFor', () => {
  it('accepts amounts within the asset decimals', () => {
    expect(
      firstIssue({
        title: 'T',
        options: [
          { asset: assets[0]!.assetId, amount: '10.123456' },
          { asset: 'eip155:1/slip44:60', amount: '0.000000000000000001' },
        ],
      }),
    ).toBeNull()
  })
  it('names the field of an amount with too many decimals, zero, or an unknown asset', () => {
    expect(firstIssue({ title: 'T', options: [{ asset: assets[0]!.assetId, amount: '1.1234567' }] })).toEqual({
      path: 'options.0.amount',
      message: 'USDC has 6 decimal places; "1.1234567" has more',
    })
    expect(firstIssue({ title: 'T', options: [{ asset: assets[0]!.assetId, amount: '0.0' }] })?.path).toBe(
      'options.0.amount',
    )
    expect(
      firstIssue({
        title: 'T',
        options: [{ asset: 'eip155:1/erc20:0x0000000000000000000000000000000000000001', amount: '1' }],
      })?.path,
    ).toBe('options.0.asset')
    expect(
      firstIssue({
        title: 'T',
        options: [
          { asset: 'eip155:1/slip44:60', amount: '1' },
          { asset: 'eip155:1/slip44:60', amount: '2' },
        ],
      })?.path,
    ).toBe('options.1.asset')
  })
  it('limits string lengths', () => {
    expect(
      firstIssue({ title: 'T', description: 'd'.repeat(2001), options: [{ asset: 'eip155:1/slip44:60', amount: '1' }] })
        ?.path,
    ).toBe('description')
    expect(firstIssue({ title: 'T', options: [{ asset: 'eip155:1/slip44:60', amount: '1'.repeat(91) }] })?.path).toBe(
      'options.0.amount',
    )
    expect(
      firstIssue({
        title: 'T',
        options: [{ asset: 'eip155:1/slip44:60', amount: '1' }],
        webhookUrl: `https://x/${'a'.repeat(2048)}`,
      })?.path,
    ).toBe('webhookUrl')
  })
})

describe('recipientProblem', () => {
  it('accepts each namespace’s recipient shapes and names what is expected otherwise', () => {
    expect(recipientProblem('eip155', '0x' + 'a'.repeat(40))).toBeNull()
    expect(recipientProblem('eip155', '0x12')).toBe('must be a 0x-prefixed 20-byte hex address')
    expect(recipientProblem('solana', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBeNull()
    expect(recipientProblem('solana', '0x' + 'a'.repeat(40))).toMatch(/Solana address/)
    expect(recipientProblem('bip122', 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry')).toBeNull()
    expect(
      recipientProblem(
        'bip122',
        'wpkh(tpubD6NzVbkrYhZ4XgiXtGrdW5XDAPFCL9h7we1vwNCpn8tGbBcgfVYjXyhWo4E1xkh56hjod1RhGjxbaTLV3X4FyWuejifB9jusQ46QzG87VKp/0/*)',
      ),
    ).toBeNull()
    expect(recipientProblem('bip122', 'xprv9s21ZrQH143K')).toMatch(/Bitcoin address/)
  })
})
