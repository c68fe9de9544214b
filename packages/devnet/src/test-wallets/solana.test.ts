import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runInNewContext } from 'node:vm'

import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { legacyTransfer } from '@paylink/chains/solana/testing/legacyTransfer'
import { startSolanaRpcFixture, type SolanaRpcFixture } from '../fixtures/solanaRpc.js'
import { bundleForBrowser } from '../testing/bundleForBrowser.js'
import { installSolanaTestWallet, solanaTestAddress, type SolanaTestWalletHandle } from './solana.js'

const here = dirname(fileURLToPath(import.meta.url))
const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

type Features = Record<string, Record<string, (...args: never[]) => Promise<unknown>>>

/** A stand-in for the app side of the Wallet Standard protocol (what @wallet-standard/app does). */
function listenForWallets(win: EventTarget): Wallet[] {
  const wallets: Wallet[] = []
  const api = { register: (...ws: Wallet[]) => wallets.push(...ws) }
  win.addEventListener('wallet-standard:register-wallet', (event) => {
    ;(event as CustomEvent<(a: typeof api) => void>).detail(api)
  })
  return wallets
}

function appReady(win: EventTarget): Wallet[] {
  const wallets: Wallet[] = []
  const api = { register: (...ws: Wallet[]) => wallets.push(...ws) }
  win.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  return wallets
}

function feature<T>(wallet: Wallet, name: string, method: string): T {
  return (wallet.features as Features)[name]![method] as T
}

describe('Solana test wallet', () => {
  let fixture: SolanaRpcFixture
  let connection: Connection
  let win: EventTarget & Record<string, unknown>

  beforeAll(async () => {
    fixture = await startSolanaRpcFixture()
    connection = new Connection(fixture.url, 'confirmed')
  })
  afterAll(() => fixture.stop())
  beforeEach(() => {
    win = new EventTarget() as EventTarget & Record<string, unknown>
    ;(globalThis as Record<string, unknown>).window = win
  })
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).window
  })

  function install(extra: Record<string, unknown> = {}) {
    const registered = listenForWallets(win)
    const handle = installSolanaTestWallet({ rpcUrl: fixture.url, chains: [DEVNET], secretKeySeedHex: SEED, ...extra })
    expect(registered).toHaveLength(1)
    return { wallet: registered[0]!, handle }
  }

  it('validates its config', () => {
    expect(() => installSolanaTestWallet(undefined)).toThrow(/config/)
    expect(() => installSolanaTestWallet({ rpcUrl: fixture.url, chains: [DEVNET], secretKeySeedHex: 'abcd' })).toThrow(
      /32 bytes/,
    )
    expect(() => installSolanaTestWallet({ rpcUrl: 'nope', chains: [DEVNET], secretKeySeedHex: SEED })).toThrow(
      /rpcUrl/,
    )
    expect(() =>
      installSolanaTestWallet({ rpcUrl: fixture.url, chains: ['eip155:1'], secretKeySeedHex: SEED }),
    ).toThrow(/chains/)
  })

  it('registers via the Wallet Standard events, both orders, and exposes window.__testWallets.solana', () => {
    win.__testWallets = { evm: { keep: true } }
    const { wallet, handle } = install()
    expect(wallet.name).toBe('Paylink Test Solana')
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(wallet.chains).toEqual([DEVNET, 'solana:devnet'])
    for (const f of [
      'standard:connect',
      'standard:disconnect',
      'standard:events',
      'solana:signMessage',
      'solana:signTransaction',
      'solana:signAndSendTransaction',
    ]) {
      expect(wallet.features).toHaveProperty(f)
    }
    expect(wallet.accounts).toEqual([])
    // An app that loads later gets it on app-ready.
    expect(appReady(win)).toEqual([wallet])
    const globals = win.__testWallets as Record<string, unknown>
    expect(globals.evm).toEqual({ keep: true })
    expect(globals.solana).toBe(handle)
    expect(handle.address).toBe(solanaTestAddress(SEED))
    // RFC 8032 TEST 1: this seed's public key, read by web3.js's own base58.
    expect(new PublicKey(handle.address).toBuffer().toString('hex')).toBe(
      'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    )
  })

  it('connects, emits change, disconnects', async () => {
    const { wallet, handle } = install()
    const changes: unknown[] = []
    const off = feature<(e: string, l: (p: unknown) => void) => () => void>(
      wallet,
      'standard:events',
      'on',
    )('change', (p) => changes.push(p))
    const { accounts } = await feature<() => Promise<{ accounts: WalletAccount[] }>>(
      wallet,
      'standard:connect',
      'connect',
    )()
    expect(accounts[0]?.address).toBe(handle.address)
    expect(new PublicKey(accounts[0]!.publicKey).toBase58()).toBe(handle.address)
    expect(wallet.accounts).toHaveLength(1)
    expect(changes).toHaveLength(1)
    await feature<() => Promise<void>>(wallet, 'standard:disconnect', 'disconnect')()
    expect(wallet.accounts).toEqual([])
    expect(changes).toHaveLength(2)
    off()
    expect(handle.requests.map((r) => r.method)).toEqual(['standard:connect', 'standard:disconnect'])
  })

  it('signs messages with ed25519 that verify against the base58 address', async () => {
    const { wallet, handle } = install()
    await feature<() => Promise<unknown>>(wallet, 'standard:connect', 'connect')()
    const message = new TextEncoder().encode('Paylink wants you to sign in\nNonce: 42')
    const [out] = (await feature<(i: unknown) => Promise<Array<{ signature: Uint8Array; signedMessage: Uint8Array }>>>(
      wallet,
      'solana:signMessage',
      'signMessage',
    )({ account: wallet.accounts[0], message })) as Array<{ signature: Uint8Array; signedMessage: Uint8Array }>
    expect(ed25519.verify(out!.signature, message, new PublicKey(handle.address).toBytes())).toBe(true)
    expect(handle.requests.at(-1)).toMatchObject({
      method: 'solana:signMessage',
      outcome: 'ok',
      params: { message: 'Paylink wants you to sign in\nNonce: 42' },
    })
  })

  it('refuseNext rejects exactly the next prompt with code 4001', async () => {
    const { wallet, handle } = install()
    handle.refuseNext()
    const connect = feature<() => Promise<unknown>>(wallet, 'standard:connect', 'connect')
    await expect(connect()).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(wallet.accounts).toEqual([])
    await connect()
    expect(wallet.accounts).toHaveLength(1)
    handle.refuseNext()
    const sign = feature<(i: unknown) => Promise<unknown>>(wallet, 'solana:signMessage', 'signMessage')
    await expect(sign({ account: wallet.accounts[0], message: new Uint8Array([1]) })).rejects.toMatchObject({
      code: 4001,
    })
    await expect(sign({ account: wallet.accounts[0], message: new Uint8Array([1]) })).resolves.toHaveLength(1)
    expect(handle.requests.map((r) => r.outcome)).toEqual(['refused', 'ok', 'refused', 'ok'])
  })

  it('signAndSendTransaction sends to the litesvm fixture and moves lamports (legacy and v0)', async () => {
    const { wallet, handle } = install()
    await feature<() => Promise<unknown>>(wallet, 'standard:connect', 'connect')()
    const from = new PublicKey(handle.address)
    fixture.airdrop(handle.address, 3n * BigInt(LAMPORTS_PER_SOL))
    const to = Keypair.generate().publicKey
    const signAndSend = feature<(i: unknown) => Promise<Array<{ signature: Uint8Array }>>>(
      wallet,
      'solana:signAndSendTransaction',
      'signAndSendTransaction',
    )

    // Built the way AppKit's createSendTransaction builds it; serialized unsigned like its provider.
    const legacy = await legacyTransfer(connection, { from, to, lamports: 100_000_000, priced: true })
    const [sent] = await signAndSend({
      account: wallet.accounts[0],
      chain: 'solana:devnet',
      transaction: new Uint8Array(legacy.serialize({ verifySignatures: false })),
      options: { preflightCommitment: 'confirmed' },
    })
    const signature = base58.encode(sent!.signature)
    expect((await connection.getSignatureStatuses([signature])).value[0]?.err).toBeNull()
    expect(await connection.getBalance(to)).toBe(100_000_000)
    expect(await connection.getBalance(from)).toBe(3 * LAMPORTS_PER_SOL - 100_000_000 - 15_000)

    const v0 = new VersionedTransaction(
      new TransactionMessage({
        payerKey: from,
        recentBlockhash: legacy.recentBlockhash!,
        instructions: [SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 7 })],
      }).compileToV0Message(),
    )
    await signAndSend({ account: wallet.accounts[0], chain: DEVNET, transaction: v0.serialize() })
    expect(await connection.getBalance(to)).toBe(100_000_007)
  })

  it('signTransaction output goes through Connection.sendRawTransaction (AppKit Send path)', async () => {
    const { wallet, handle } = install()
    await feature<() => Promise<unknown>>(wallet, 'standard:connect', 'connect')()
    const from = new PublicKey(handle.address)
    fixture.airdrop(handle.address, BigInt(LAMPORTS_PER_SOL))
    const to = Keypair.generate().publicKey
    const tx = await legacyTransfer(connection, { from, to, lamports: 5_000_000 })
    const signTx = feature<(i: unknown) => Promise<Array<{ signedTransaction: Uint8Array }>>>(
      wallet,
      'solana:signTransaction',
      'signTransaction',
    )
    const [out] = await signTx({
      account: wallet.accounts[0],
      chain: 'solana:devnet',
      transaction: new Uint8Array(tx.serialize({ verifySignatures: false })),
    })
    const signed = Transaction.from(out!.signedTransaction)
    expect(signed.verifySignatures()).toBe(true)
    const sig = await connection.sendRawTransaction(signed.serialize())
    expect((await connection.getSignatureStatuses([sig])).value[0]?.err).toBeNull()
    expect(await connection.getBalance(to)).toBe(5_000_000)
    await expect(
      signTx({
        account: wallet.accounts[0],
        chain: 'solana:mainnet',
        transaction: new Uint8Array(tx.serialize({ verifySignatures: false })),
      }),
    ).rejects.toThrow(/Unsupported chain/)
  })

  it('bundles for the browser with esbuild and runs in a bare vm window', () => {
    const code = bundleForBrowser(resolve(here, 'solana.ts'), 'installSolanaTestWallet')
    const fakeWindow = new EventTarget() as EventTarget & Record<string, unknown>
    const registered = listenForWallets(fakeWindow)
    const sandbox: Record<string, unknown> = {
      window: fakeWindow,
      CustomEvent,
      TextEncoder,
      TextDecoder,
      btoa,
      atob,
      crypto: globalThis.crypto,
      fetch: globalThis.fetch,
    }
    sandbox.globalThis = sandbox
    runInNewContext(code, sandbox)
    const install = sandbox.installSolanaTestWallet as typeof installSolanaTestWallet
    const handle = install({ rpcUrl: fixture.url, chains: [DEVNET], secretKeySeedHex: SEED })
    expect(handle.address).toBe(solanaTestAddress(SEED))
    expect(registered[0]?.name).toBe('Paylink Test Solana')
    expect((fakeWindow.__testWallets as Record<string, SolanaTestWalletHandle>).solana?.address).toBe(handle.address)
  })

  // The real classes from the installed @reown/appkit-adapter-solana (1.7.9), when present.
  const adapterDist = resolve(here, '../../../../node_modules/@reown/appkit-adapter-solana/dist/esm/src/')
  const networksDist = resolve(here, '../../../../node_modules/@reown/appkit/dist/esm/exports/networks.js')
  it.skipIf(!existsSync(adapterDist) || !existsSync(networksDist))(
    "works with AppKit's own WalletStandardProvider and createSendTransaction",
    async () => {
      const registered = listenForWallets(win)
      const handle = installSolanaTestWallet({ rpcUrl: fixture.url, chains: [DEVNET], secretKeySeedHex: SEED })
      const { WalletStandardProvider } = await import(
        /* @vite-ignore */ join(adapterDist, 'providers/WalletStandardProvider.js')
      )
      const { createSendTransaction } = await import(
        /* @vite-ignore */ join(adapterDist, 'utils/createSendTransaction.js')
      )
      const { solanaDevnet } = await import(/* @vite-ignore */ networksDist)
      const devnet = { ...solanaDevnet, rpcUrls: { default: { http: [fixture.url] } } }
      const provider = new WalletStandardProvider({
        wallet: registered[0],
        getActiveChain: () => devnet,
        requestedChains: [devnet],
      })
      expect(provider.chains.map((c: { caipNetworkId: string }) => c.caipNetworkId)).toEqual([DEVNET])
      expect(await provider.connect()).toBe(handle.address)
      const message = new TextEncoder().encode('hello')
      expect(
        ed25519.verify(await provider.signMessage(message), message, new PublicKey(handle.address).toBytes()),
      ).toBe(true)
      fixture.airdrop(handle.address, 2n * BigInt(LAMPORTS_PER_SOL))
      const to = Keypair.generate().publicKey
      // AppKit's Send: createSendTransaction -> provider.sendTransaction (signTransaction + sendRawTransaction)
      const tx = await createSendTransaction({ provider, connection, to: to.toBase58(), value: 0.25 })
      expect(await tx.getEstimatedFee(connection)).toBe(15_000)
      const signature = await provider.sendTransaction(tx, connection)
      expect((await connection.getSignatureStatus(signature)).value?.err).toBeNull()
      expect(await connection.getBalance(to)).toBe(250_000_000)
      await provider.signAndSendTransaction(
        await createSendTransaction({ provider, connection, to: to.toBase58(), value: 0.1 }),
      )
      expect(await connection.getBalance(to)).toBe(350_000_000)
      expect(handle.requests.map((r) => [r.method, r.params.chain])).toEqual([
        ['standard:connect', undefined],
        ['solana:signMessage', undefined],
        ['solana:signTransaction', 'solana:devnet'],
        ['solana:signAndSendTransaction', 'solana:devnet'],
      ])
    },
  )
})
