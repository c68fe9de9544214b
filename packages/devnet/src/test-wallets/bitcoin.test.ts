import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runInNewContext } from 'node:vm'

import { Verifier } from 'bip322-js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bundleForBrowser } from '../testing/bundleForBrowser.js'

import {
  BITCOIN_TEST_PROVIDER_ID,
  deriveBitcoinTestAddresses,
  installBitcoinTestWallet,
  type BitcoinTestWalletHandle,
} from './bitcoin.js'

const here = dirname(fileURLToPath(import.meta.url))
/** BIP-39 seed of "abandon abandon ... about" (the public test mnemonic). */
const SEED =
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4'

type Envelope = { jsonrpc: '2.0'; id: string; result?: any; error?: { code: number; message: string } }
type SatsProvider = {
  request(method: string, params: unknown): Promise<Envelope>
  addListener(e: string, cb: (x: unknown) => void): () => void
}
type ProviderEntry = { id: string; name: string; icon: string }

/**
 * Drives the provider exactly like @reown/appkit-adapter-bitcoin 1.7.8's SatsConnectConnector:
 * entries from window.btc_providers (sats-connect getProviders), the provider object from the
 * entry id as a dotted path into window (getProviderById), `request(method, params)` whose
 * envelope has `result` or `error`.
 */
class ConnectorLike {
  constructor(
    private win: Record<string, unknown>,
    readonly entry: ProviderEntry,
    private networkName: 'Mainnet' | 'Testnet4',
  ) {}
  static getWallets(win: Record<string, unknown>, networkName: 'Mainnet' | 'Testnet4') {
    const providers = (win.btc_providers ??= []) as ProviderEntry[]
    return providers.map((p) => new ConnectorLike(win, p, networkName))
  }
  private provider(): SatsProvider {
    return this.entry.id.split('.').reduce<any>((acc, part) => acc?.[part], this.win)
  }
  async internalRequest(method: string, params: unknown) {
    const response = await this.provider().request(method, params)
    if ('result' in response) return response.result
    throw { ...response.error, name: 'RPCError' }
  }
  async getAccountAddresses() {
    const response = await this.internalRequest('getAddresses', {
      purposes: ['payment', 'ordinals', 'stacks'],
      message: 'Connect to your wallet',
    })
    if (response.addresses.length === 0) throw new Error('No address available')
    const map: Record<string, string> = { payment: 'payment', ordinals: 'ordinal', stacks: 'stx' }
    return (response.addresses as Array<{ address: string; publicKey: string; purpose: string }>).map((a) => ({
      ...a,
      purpose: map[a.purpose],
    }))
  }
  async connect() {
    const address = await this.getAccountAddresses()
      .then((addresses) => addresses[0]?.address)
      .catch(() =>
        this.internalRequest('wallet_connect', { network: this.networkName }).then(
          (r) =>
            (r?.addresses as Array<{ address: string; purpose: string }>).find((a) => a.purpose === 'payment')?.address,
        ),
      )
    if (!address) throw new Error('No address available')
    return address
  }
  async disconnect() {
    await this.internalRequest('wallet_disconnect', null)
  }
  async signMessage(params: { message: string; address: string; protocol?: string }) {
    const protocol = params.protocol?.toUpperCase()
    return (await this.internalRequest('signMessage', { ...params, protocol })).signature as string
  }
  async sendTransfer({ amount, recipient }: { amount: string; recipient: string }) {
    return (
      await this.internalRequest('sendTransfer', { recipients: [{ address: recipient, amount: Number(amount) }] })
    ).txid as string
  }
  async switchNetwork(name: string) {
    await this.internalRequest('wallet_changeNetwork', { name })
  }
}

describe('Bitcoin test wallet', () => {
  let win: Record<string, unknown>
  beforeEach(() => {
    win = {}
    ;(globalThis as Record<string, unknown>).window = win
  })
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).window
  })

  it('derives the BIP-84 / BIP-86 reference addresses', () => {
    const main = deriveBitcoinTestAddresses(SEED, 'mainnet')
    expect(main.payment.address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
    expect(main.payment.path).toBe("m/84'/0'/0'/0/0")
    expect(main.ordinals.address).toBe('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')
    expect(deriveBitcoinTestAddresses(SEED, 'testnet').payment.address).toBe(
      'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl',
    )
  })

  it('validates its config', () => {
    expect(() => installBitcoinTestWallet(null)).toThrow(/config/)
    expect(() => installBitcoinTestWallet({ network: 'regtest', seedHex: SEED })).toThrow(/network/)
    expect(() => installBitcoinTestWallet({ network: 'mainnet', seedHex: 'abc' })).toThrow(/seedHex/)
  })

  it('is found in window.btc_providers and exposes window.__testWallets.bitcoin', () => {
    win.btc_providers = [{ id: 'OtherWallet.BitcoinProvider', name: 'Other', icon: '' }]
    win.__testWallets = { solana: { address: 'x' } }
    const handle = installBitcoinTestWallet({ network: 'mainnet', seedHex: SEED })
    const connectors = ConnectorLike.getWallets(win, 'Mainnet')
    expect(connectors.map((c) => c.entry.name)).toEqual(['Other', 'Paylink Test Bitcoin'])
    expect(connectors[1]!.entry.id).toBe(BITCOIN_TEST_PROVIDER_ID)
    expect(connectors[1]!.entry.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    const globals = win.__testWallets as Record<string, unknown>
    expect(globals.solana).toEqual({ address: 'x' })
    expect(globals.bitcoin).toBe(handle)
    expect(handle.paymentAddress).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
    expect(handle.ordinalsAddress).toBe('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')
  })

  it('answers the connector: connect gives payment first, accounts give payment + ordinal', async () => {
    const handle = installBitcoinTestWallet({ network: 'testnet', seedHex: SEED })
    const [connector] = ConnectorLike.getWallets(win, 'Testnet4')
    expect(await connector!.connect()).toBe(handle.paymentAddress)
    const accounts = await connector!.getAccountAddresses()
    expect(accounts.map((a) => [a.purpose, a.address])).toEqual([
      ['payment', handle.paymentAddress],
      ['ordinal', handle.ordinalsAddress],
    ])
    expect(accounts[0]!.publicKey).toMatch(/^0[23][0-9a-f]{64}$/)
    expect(accounts[1]!.publicKey).toMatch(/^[0-9a-f]{64}$/)
    expect(handle.paymentAddress).toMatch(/^tb1q/)
    expect(handle.ordinalsAddress).toMatch(/^tb1p/)
    expect(handle.requests.map((r) => r.method)).toEqual(['getAddresses', 'getAddresses'])
    const raw = await (win.PaylinkTestBitcoin as { BitcoinProvider: SatsProvider }).BitcoinProvider.request(
      'getAddresses',
      { purposes: ['payment'] },
    )
    expect(raw.result.network.bitcoin.name).toBe('Testnet4')
    expect(raw.result.addresses[0]).toMatchObject({ addressType: 'p2wpkh', purpose: 'payment', walletType: 'software' })
  })

  it('signs BIP-322 messages that bip322-js verifies, for payment and ordinals addresses', async () => {
    const handle = installBitcoinTestWallet({ network: 'mainnet', seedHex: SEED })
    const [connector] = ConnectorLike.getWallets(win, 'Mainnet')
    await connector!.connect()
    const message = 'paylink.test wants you to sign in with your Bitcoin account:\nNonce: 8f3a'
    const paymentSig = await connector!.signMessage({ message, address: handle.paymentAddress })
    expect(Verifier.verifySignature(handle.paymentAddress, message, paymentSig)).toBe(true)
    expect(Verifier.verifySignature(handle.paymentAddress, `${message}!`, paymentSig)).toBe(false)
    const ordinalsSig = await connector!.signMessage({ message, address: handle.ordinalsAddress, protocol: 'bip322' })
    expect(Verifier.verifySignature(handle.ordinalsAddress, message, ordinalsSig)).toBe(true)
    expect(Verifier.verifySignature(handle.ordinalsAddress, 'other', ordinalsSig)).toBe(false)
    // Known vector: BIP-322 of "Hello World" by the BIP-86 test key is verifiable too.
    expect(
      Verifier.verifySignature(
        handle.ordinalsAddress,
        'Hello World',
        await connector!.signMessage({ message: 'Hello World', address: handle.ordinalsAddress }),
      ),
    ).toBe(true)
    // ECDSA (BIP-137) on request for the payment address.
    const ecdsa = await connector!.signMessage({ message, address: handle.paymentAddress, protocol: 'ecdsa' })
    expect(Buffer.from(ecdsa, 'base64')).toHaveLength(65)
    expect(Verifier.verifySignature(handle.paymentAddress, message, ecdsa)).toBe(true)
    // Unknown address -> RPC error the connector rethrows.
    await expect(
      connector!.signMessage({ message, address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' }),
    ).rejects.toMatchObject({ name: 'RPCError', code: -32602 })
  })

  it('testnet signatures verify too', async () => {
    const handle = installBitcoinTestWallet({ network: 'testnet', seedHex: SEED })
    const [connector] = ConnectorLike.getWallets(win, 'Testnet4')
    await connector!.connect()
    for (const address of [handle.paymentAddress, handle.ordinalsAddress]) {
      expect(Verifier.verifySignature(address, 'hi', await connector!.signMessage({ message: 'hi', address }))).toBe(
        true,
      )
    }
  })

  it('refuseNext: a refused connect also refuses the connector fallback, then works', async () => {
    const handle = installBitcoinTestWallet({ network: 'mainnet', seedHex: SEED })
    const [connector] = ConnectorLike.getWallets(win, 'Mainnet')
    handle.refuseNext()
    await expect(connector!.connect()).rejects.toMatchObject({ name: 'RPCError', code: -32000 })
    expect(handle.requests.map((r) => [r.method, r.outcome])).toEqual([
      ['getAddresses', 'refused'],
      ['wallet_connect', 'refused'],
    ])
    expect(await connector!.connect()).toBe(handle.paymentAddress)
    handle.refuseNext()
    await expect(connector!.signMessage({ message: 'x', address: handle.paymentAddress })).rejects.toMatchObject({
      code: -32000,
    })
    expect(
      Verifier.verifySignature(
        handle.paymentAddress,
        'x',
        await connector!.signMessage({ message: 'x', address: handle.paymentAddress }),
      ),
    ).toBe(true)
  })

  it('requires a connection for signing; disconnect, sendTransfer, changeNetwork, signPsbt', async () => {
    const handle = installBitcoinTestWallet({ network: 'mainnet', seedHex: SEED })
    const [connector] = ConnectorLike.getWallets(win, 'Mainnet')
    await expect(connector!.signMessage({ message: 'x', address: handle.paymentAddress })).rejects.toMatchObject({
      code: -32002,
    })
    await connector!.connect()
    const txid = await connector!.sendTransfer({
      amount: '12345',
      recipient: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(handle.requests.at(-1)).toMatchObject({
      method: 'sendTransfer',
      outcome: 'ok',
      broadcast: false,
      txid,
      params: { recipients: [{ address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', amount: 12345 }] },
    })
    await expect(connector!.sendTransfer({ amount: 'abc', recipient: 'bc1q' })).rejects.toMatchObject({ code: -32602 })
    await expect(connector!.internalRequest('signPsbt', { psbt: '', signInputs: {} })).rejects.toMatchObject({
      code: -32001,
    })
    await expect(connector!.internalRequest('nope', null)).rejects.toMatchObject({ code: -32601 })
    expect(await connector!.internalRequest('getInfo', null)).toMatchObject({ version: '1.0.0', supports: [] })

    await connector!.switchNetwork('Testnet4')
    expect(handle.paymentAddress).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl')
    expect(await connector!.connect()).toBe(handle.paymentAddress)
    await connector!.switchNetwork('Mainnet')
    expect(handle.paymentAddress).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')

    await connector!.disconnect()
    await expect(connector!.signMessage({ message: 'x', address: handle.paymentAddress })).rejects.toMatchObject({
      code: -32002,
    })
    const off = (win.PaylinkTestBitcoin as { BitcoinProvider: SatsProvider }).BitcoinProvider.addListener(
      'accountChange',
      () => {},
    )
    expect(off).toBeTypeOf('function')
    off()
  })

  it('bundles for the browser with esbuild (no Buffer shim) and runs in a bare vm window', async () => {
    const code = bundleForBrowser(resolve(here, 'bitcoin.ts'), 'installBitcoinTestWallet')
    expect(code).not.toMatch(/require\("buffer"\)|Buffer\.from/)
    const fakeWindow: Record<string, unknown> = {}
    const sandbox: Record<string, unknown> = {
      window: fakeWindow,
      TextEncoder,
      TextDecoder,
      btoa,
      atob,
      crypto: globalThis.crypto,
    }
    runInNewContext(code, sandbox)
    const install = sandbox.installBitcoinTestWallet as typeof installBitcoinTestWallet
    const handle = install({ network: 'mainnet', seedHex: SEED })
    expect(handle.paymentAddress).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
    const [connector] = ConnectorLike.getWallets(fakeWindow, 'Mainnet')
    await connector!.connect()
    const sig = await connector!.signMessage({ message: 'bundle', address: handle.ordinalsAddress })
    expect(Verifier.verifySignature(handle.ordinalsAddress, 'bundle', sig)).toBe(true)
    expect((fakeWindow.__testWallets as Record<string, BitcoinTestWalletHandle>).bitcoin?.ordinalsAddress).toBe(
      handle.ordinalsAddress,
    )
  })

  // The real classes from the installed @reown/appkit-adapter-bitcoin (1.7.8), when present.
  const adapterDist = resolve(here, '../../../../node_modules/@reown/appkit-adapter-bitcoin/dist/esm/src/')
  const networksDist = resolve(here, '../../../../node_modules/@reown/appkit/dist/esm/exports/networks.js')
  it.skipIf(!existsSync(adapterDist) || !existsSync(networksDist))(
    "works with AppKit's own SatsConnectConnector and BitcoinAdapter",
    async () => {
      const handle = installBitcoinTestWallet({ network: 'testnet', seedHex: SEED })
      const { SatsConnectConnector } = await import(
        /* @vite-ignore */ join(adapterDist, 'connectors/SatsConnectConnector.js')
      )
      const { BitcoinAdapter } = await import(/* @vite-ignore */ join(adapterDist, 'adapter.js'))
      const { bitcoinTestnet } = await import(/* @vite-ignore */ networksDist)
      const connectors = SatsConnectConnector.getWallets({
        requestedChains: [bitcoinTestnet],
        getActiveNetwork: () => bitcoinTestnet,
      })
      const connector = connectors.find((c: { name: string }) => c.name === 'Paylink Test Bitcoin')
      expect(connector.imageUrl).toMatch(/^data:image\/svg\+xml/)
      expect(await connector.connect()).toBe(handle.paymentAddress)
      const adapter = new BitcoinAdapter({})
      adapter.addConnector(connector)
      const { accounts } = await adapter.getAccounts({ id: connector.id })
      expect(accounts.map((a: { type: string; address: string }) => [a.type, a.address])).toEqual([
        ['payment', handle.paymentAddress],
        ['ordinal', handle.ordinalsAddress],
      ])
      const { signature } = await adapter.signMessage({
        provider: connector,
        message: 'hi there',
        address: handle.paymentAddress,
      })
      expect(Verifier.verifySignature(handle.paymentAddress, 'hi there', signature)).toBe(true)
      const ordinalSig = await connector.signMessage({ message: 'gm', address: handle.ordinalsAddress })
      expect(Verifier.verifySignature(handle.ordinalsAddress, 'gm', ordinalSig)).toBe(true)
      expect((await adapter.connect({ id: connector.id, chainId: bitcoinTestnet.id, type: 'ANNOUNCED' })).address).toBe(
        handle.paymentAddress,
      )
      await adapter.disconnect({ provider: connector })
      handle.refuseNext()
      await expect(connector.connect()).rejects.toMatchObject({ name: 'RPCError', code: -32000 })
    },
  )
})
