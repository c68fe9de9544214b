import { readFileSync } from 'node:fs'
import { createSiwxMessageText } from '@paylink/shared'
import { startAnvil, type StartAnvilReturnType } from '@paylink/devnet'
import { sql } from 'drizzle-orm'
import { pad, serializeErc6492Signature, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/openDatabase.js'
import { checkNonce } from './checkNonce.js'
import { checkSiwxMessage } from './checkSiwxMessage.js'
import { parseSiwxMessage } from './parseSiwxMessage.js'
import { deploySmartAccountFactory, type SmartAccountFactory } from './testing/deploySmartAccounts.js'
import { verifyEip155Signature } from '@paylink/chains/eip155/server'

type VerificationVector = {
  domain: string
  address: string
  statement: string
  uri: string
  version: '1'
  nonce: string
  issuedAt: string
  chainId: number
  expirationTime?: string
  notBefore?: string
  signature: string
  time?: string
  domainBinding?: string
  matchNonce?: string
}
// spruceid/siwe's public vectors, copied beside the tests (source and licence: testing/vectors/README.md).
const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`./testing/vectors/siwe/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    VerificationVector
  >
const positive = read('verification_positive.json')
const negative = read('verification_negative.json')

function textOf(v: VerificationVector): string {
  return createSiwxMessageText({ ...v, chainId: `eip155:${v.chainId}` })
}

let anvil: StartAnvilReturnType
let accounts: SmartAccountFactory

// Chain id 1 so the vectors' "Chain ID: 1" is a configured network; anvil's state is empty, so
// the vector addresses are EOAs. (The ERC-1271 vectors need mainnet contracts: parsing only,
// in parseSiwxMessage.test.ts; our own smart account covers ERC-1271/6492 below.)
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
  accounts = await deploySmartAccountFactory(anvil.rpcUrl, 1)
}, 30_000)
afterAll(async () => anvil?.stop())

/** Parse, the time checks, then the signature: what POST /api/siwx/sessions does minus the nonce. */
async function accepts(v: VerificationVector, time: Date): Promise<boolean> {
  const message = textOf(v)
  const parsed = parseSiwxMessage(message)
  checkSiwxMessage({
    ...parsed,
    publicOrigin: `https://${v.domainBinding ?? v.domain}`,
    statement: null,
    caipNetworkIds: ['eip155:1'],
    now: time,
  })
  return verifyEip155Signature({
    message,
    address: parsed.fields.address,
    signature: v.signature,
    rpcUrl: anvil.rpcUrl,
    time,
  })
}

/** What each negative vector is refused with: a check's code, or `false` from the signature. */
const negativeOutcomes: Record<string, string | false> = {
  'expired message': 'MESSAGE_EXPIRED',
  'domain binding': 'DOMAIN_MISMATCH',
  'custom time': 'MESSAGE_EXPIRED',
  'malformed signature': false,
  'wrong signature': false,
  'not yet valid': 'MESSAGE_NOT_YET_VALID',
  'invalid issuedAt': 'INVALID_TIMESTAMP',
  'invalid notBefore': 'INVALID_TIMESTAMP',
  'invalid expirationTime': 'INVALID_TIMESTAMP',
}

describe('SIWE verification vectors (spruceid/siwe)', () => {
  it.each(Object.entries(positive))('verifies "%s"', async (name, v) => {
    const time = v.time ? new Date(v.time) : new Date()
    const message = textOf(v)
    expect(
      await verifyEip155Signature({ message, address: v.address, signature: v.signature, rpcUrl: anvil.rpcUrl, time }),
    ).toBe(true)
    if (name === 'expired message') {
      // Its "time" (2020) precedes its Issued At (2022): siwe accepts that, we refuse a message
      // issued in the future, so only the signature is checked here.
      await expect(accepts(v, time)).rejects.toMatchObject({ code: 'ISSUED_IN_FUTURE' })
      return
    }
    if (name === 'recovery byte starting at 0') {
      // Domain www.tally.xyz, uri https://tally.xyz: two origins, which our one-origin rule refuses.
      await expect(accepts(v, time)).rejects.toMatchObject({ code: 'URI_MISMATCH' })
      return
    }
    expect(await accepts(v, time)).toBe(true)
  })

  it.each(Object.entries(negative))(
    'refuses "%s"',
    async (_name, v) => {
      const time = v.time ? new Date(v.time) : new Date()
      if (v.matchNonce) {
        // "bad nonce": the server issued matchNonce, the message carries another. checkNonce is what
        // refuses it (signIn calls it before any RPC), against a database holding the issued nonce.
        const database = await openDatabase({ dataDir: ':memory:' })
        try {
          await database.db.execute(
            sql`insert into siwx_nonces (nonce, expires_at) values (${v.matchNonce}, now() + interval '10 minutes')`,
          )
          await expect(checkNonce(database.db, parseSiwxMessage(textOf(v)).fields.nonce)).rejects.toMatchObject({
            code: 'NONCE_UNKNOWN',
          })
          // Control: the issued nonce itself passes, so the refusal above is about the mismatch.
          await expect(checkNonce(database.db, v.matchNonce)).resolves.toBeUndefined()
        } finally {
          await database.close()
        }
        return
      }
      const outcome = await accepts(v, time).catch((error: { code: string }) => error.code)
      expect(outcome).toBe(negativeOutcomes[_name])
      // PGlite's start and migrations for the nonce case take seconds on a loaded machine.
    },
    60_000,
  )
})

describe('verifyEip155Signature against anvil', () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const stranger = privateKeyToAccount(generatePrivateKey())
  const base = {
    domain: 'localhost:3000',
    statement: 'Sign in to Paylink',
    uri: 'http://localhost:3000',
    version: '1' as const,
    chainId: 'eip155:1',
    nonce: 'abcdefgh12345678',
    issuedAt: new Date().toISOString(),
  }
  const verify = (message: string, address: string, signature: string) =>
    verifyEip155Signature({ message, address, signature, rpcUrl: anvil.rpcUrl, time: new Date() })

  it('EOA: the signer verifies, another key does not', async () => {
    const message = createSiwxMessageText({ ...base, address: owner.address })
    expect(await verify(message, owner.address, await owner.signMessage({ message }))).toBe(true)
    expect(await verify(message, owner.address, await stranger.signMessage({ message }))).toBe(false)
    expect(await verify(message, owner.address, '0x1234')).toBe(false)
    expect(await verify(message, owner.address, 'not hex')).toBe(false)
  })

  it('ERC-1271: a deployed smart account whose owner signed', async () => {
    const salt = pad('0x01', { size: 32 })
    const account = await accounts.deploy(owner.address, salt)
    const message = createSiwxMessageText({ ...base, address: account })
    expect(await verify(message, account, await owner.signMessage({ message }))).toBe(true)
    expect(await verify(message, account, await stranger.signMessage({ message }))).toBe(false)
  })

  it('ERC-6492: a counterfactual (not deployed) smart account, wrapped signature', async () => {
    const salt = pad('0x02', { size: 32 })
    const account = await accounts.addressOf(owner.address, salt)
    const message = createSiwxMessageText({ ...base, address: account })
    const wrap = (signature: Hex) =>
      serializeErc6492Signature({
        address: accounts.factory,
        data: accounts.deployData(owner.address, salt),
        signature,
      })
    expect(await verify(message, account, wrap(await owner.signMessage({ message })))).toBe(true)
    expect(await verify(message, account, wrap(await stranger.signMessage({ message })))).toBe(false)
    // Unwrapped, nothing is deployed at the address: no contract to ask, and not the EOA's signature.
    expect(await verify(message, account, await owner.signMessage({ message }))).toBe(false)
  })
})
