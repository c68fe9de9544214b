import { readFileSync } from 'node:fs'
import { createSiwxMessageText } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { parseSiwxMessage } from './parseSiwxMessage.js'

// spruceid/siwe's public vectors, copied beside the tests (source and licence: testing/vectors/README.md).
const vectors = new URL('./testing/vectors/siwe/', import.meta.url)
const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, vectors), 'utf8')) as T
const positive = read<Record<string, { message: string; fields: Record<string, unknown> }>>('parsing_positive.json')
const negative = read<Record<string, string>>('parsing_negative.json')
// ERC-1271 vectors name mainnet contracts: here they only check that the messages parse.
const erc1271 = read<Record<string, { message: string; signature: string }>>('eip1271.json')

describe('parseSiwxMessage: EIP-4361 vectors (spruceid/siwe)', () => {
  it.each(Object.entries(positive))('parses "%s"', (_name, { message, fields }) => {
    const { fields: parsed } = parseSiwxMessage(message)
    expect(parsed.namespace).toBe('eip155')
    expect(parsed.domain).toBe(String(fields.domain).replace(/^https:\/\//, ''))
    expect(parsed.address).toBe(fields.address)
    expect(parsed.statement).toBe(fields.statement)
    expect(parsed.uri).toBe(fields.uri)
    expect(parsed.version).toBe(fields.version)
    expect(parsed.chainId).toBe(`eip155:${fields.chainId}`)
    expect(parsed.nonce).toBe(fields.nonce)
    expect(parsed.issuedAt).toBe(fields.issuedAt)
    expect(parsed.resources).toEqual(fields.resources)
  })

  it.each(Object.entries(negative))('refuses "%s"', (_name, message) => {
    expect(() => parseSiwxMessage(message)).toThrow(expect.objectContaining({ statusCode: 400 }))
  })

  it.each(Object.entries(erc1271))(
    'parses the ERC-1271 vector "%s" (no mainnet here: parsing only)',
    (_name, { message }) => {
      expect(parseSiwxMessage(message).fields.chainId).toBe('eip155:1')
    },
  )

  it('refuses calendar-impossible and non-RFC 3339 dates with INVALID_TIMESTAMP', () => {
    const base = positive['no optional field']!.message
    expect(() => parseSiwxMessage(base.replace('2021-09-30T16:25:24.000Z', '2021-02-31T16:25:24.000Z'))).toThrow(
      expect.objectContaining({ code: 'INVALID_TIMESTAMP' }),
    )
    expect(() => parseSiwxMessage(`${base}\nExpiration Time: tomorrow`)).toThrow(
      expect.objectContaining({ code: 'INVALID_TIMESTAMP' }),
    )
  })

  it('refuses trailing lines, CRLF and unknown fields', () => {
    const base = positive['no optional field']!.message
    expect(() => parseSiwxMessage(`${base}\n`)).toThrow(expect.objectContaining({ code: 'INVALID_MESSAGE' }))
    expect(() => parseSiwxMessage(base.replaceAll('\n', '\r\n'))).toThrow(
      expect.objectContaining({ code: 'INVALID_MESSAGE' }),
    )
    expect(() => parseSiwxMessage(`${base}\nColor: blue`)).toThrow(expect.objectContaining({ code: 'INVALID_MESSAGE' }))
  })
})

describe('parseSiwxMessage: our three namespaces, round trip with createSiwxMessageText', () => {
  const common = {
    domain: 'localhost:3000',
    statement: 'Sign in to Paylink',
    uri: 'http://localhost:3000',
    version: '1' as const,
    nonce: 'abcdefgh12345678',
    issuedAt: '2025-01-01T00:00:00.000Z',
    expirationTime: '2025-01-02T00:00:00.000Z',
  }
  it.each([
    ['eip155:31337', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'Ethereum', 'Chain ID: 31337'],
    [
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      'Solana',
      'Chain ID: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    ],
    [
      'bip122:000000000019d6689c085ae165831e93',
      'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
      'Bitcoin',
      'Chain ID: bip122:000000000019d6689c085ae165831e93',
    ],
  ])('%s', (chainId, address, accountName, chainLine) => {
    const text = createSiwxMessageText({ ...common, chainId, address })
    expect(text.split('\n')[0]).toBe(`localhost:3000 wants you to sign in with your ${accountName} account:`)
    expect(text).toContain(`\n${chainLine}\n`)
    const { fields, times } = parseSiwxMessage(text)
    expect(fields).toMatchObject({ ...common, chainId, address })
    expect(times.expirationTime?.toISOString()).toBe(common.expirationTime)
  })

  it('refuses a Solana message whose Chain ID is of another namespace', () => {
    const text = createSiwxMessageText({
      ...common,
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    })
    expect(() => parseSiwxMessage(text.replace('Chain ID: solana:', 'Chain ID: bip122:'))).toThrow(
      expect.objectContaining({ code: 'INVALID_MESSAGE' }),
    )
  })

  it('refuses a Solana address that is not a 32-byte key', () => {
    const text = createSiwxMessageText({
      ...common,
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCF',
    })
    expect(() => parseSiwxMessage(text)).toThrow(expect.objectContaining({ code: 'INVALID_ADDRESS' }))
  })
})
