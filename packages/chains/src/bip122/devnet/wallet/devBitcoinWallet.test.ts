import { base64 } from '@scure/base'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBitcoinDevnet, type BitcoinDevnet } from '../startBitcoinDevnet.js'
import { REGTEST_ADDRESSES } from './bitcoinAccount.js'
import { createDevBitcoinWallet, type DevBitcoinWallet } from './devBitcoinWallet.js'
import { devWalletBitcoinAddresses } from './devWalletBitcoinKeys.js'

// The Dev Wallet's Bitcoin account against the REAL regtest devnet: what it sends is a real
// transaction the devnet checks as a node would (signatures, inputs, fee floor).
const someone = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
let devnet: BitcoinDevnet
let wallet: DevBitcoinWallet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ blockIntervalMs: 0, fundAddresses: devWalletBitcoinAddresses() })
  wallet = createDevBitcoinWallet({ esploraUrl: devnet.esploraUrl })
}, 60_000)
afterAll(() => devnet?.close())

type Envelope = { result?: unknown; error?: { code: number; message: string } }
const call = async (method: string, params?: unknown) => (await wallet.provider.request(method, params)) as Envelope
const ok = async <T>(method: string, params?: unknown) => {
  const answer = await call(method, params)
  expect(answer.error, `${method}: ${answer.error?.message}`).toBeUndefined()
  return answer.result as T
}
const esplora = async <T>(path: string) => (await (await fetch(`${devnet.esploraUrl}${path}`)).json()) as T
const balance = async (address: string) => {
  const { chain_stats: c, mempool_stats: m } = await esplora<{
    chain_stats: Record<string, number>
    mempool_stats: Record<string, number>
  }>(`/address/${address}`)
  return BigInt(c.funded_txo_sum! - c.spent_txo_sum! + m.funded_txo_sum! - m.spent_txo_sum!)
}

describe('Dev Wallet, Bitcoin account', () => {
  it('refuses to sign or send before it is connected, then lists payment and ordinals addresses', async () => {
    expect((await call('sendTransfer', { recipients: [{ address: someone, amount: 1000 }] })).error?.code).toBe(-32002)
    const { addresses } = await ok<{ addresses: Array<{ address: string; purpose: string; addressType: string }> }>(
      'getAddresses',
      { purposes: ['payment', 'ordinals', 'stacks'] },
    )
    expect(addresses.map((a) => [a.purpose, a.addressType, a.address])).toEqual([
      ['payment', 'p2wpkh', wallet.paymentAddress],
      ['ordinals', 'p2tr', wallet.ordinalsAddress],
    ])
    expect([wallet.paymentAddress, wallet.ordinalsAddress]).toEqual(devWalletBitcoinAddresses())
  })

  it('sendTransfer broadcasts a real transaction: the devnet accepts it, the recipient gets the amount, the account pays amount + fee', async () => {
    const before = await balance(wallet.paymentAddress)
    const { txid } = await ok<{ txid: string }>('sendTransfer', { recipients: [{ address: someone, amount: 123_456 }] })
    expect(devnet.mempool).toContain(txid)
    const [block] = await devnet.mine(1)
    const tx = await esplora<{
      fee: number
      weight: number
      status: { block_hash: string }
      vout: Array<{ scriptpubkey_address: string; value: number }>
    }>(`/tx/${txid}`)
    expect(tx.status.block_hash).toBe(block)
    expect(tx.vout.find((o) => o.scriptpubkey_address === someone)?.value).toBe(123_456)
    // The fee the Wallet page shows first: 3 sat/vB (the devnet's next-block estimate) x the 153 vB bound.
    expect(tx.fee).toBe(459)
    expect(tx.fee / Math.ceil(tx.weight / 4)).toBeGreaterThanOrEqual(3)
    expect(before - (await balance(wallet.paymentAddress))).toBe(123_456n + 459n)
    expect(await balance(someone)).toBe(123_456n)
  })

  it('signMessage answers BIP-322 signatures that bip322-js verifies, for both addresses', async () => {
    for (const address of [wallet.paymentAddress, wallet.ordinalsAddress]) {
      const { signature, protocol } = await ok<{ signature: string; protocol: string }>('signMessage', {
        address,
        message: 'Paylink demo',
      })
      expect(protocol).toBe('BIP322')
      expect(Verifier.verifySignature(address, 'Paylink demo', signature)).toBe(true)
    }
  })

  it('signPsbt signs the inputs it is asked to (P2TR ordinals here) and broadcasts them when told', async () => {
    const [coin] = await esplora<Array<{ txid: string; vout: number; value: number }>>(
      `/address/${wallet.ordinalsAddress}/utxo`,
    )
    const script = OutScript.encode(Address(REGTEST_ADDRESSES).decode(wallet.ordinalsAddress))
    const tx = new Transaction({ version: 2 })
    tx.addInput({ txid: coin!.txid, index: coin!.vout, witnessUtxo: { script, amount: BigInt(coin!.value) } })
    tx.addOutputAddress(someone, 50_000n, REGTEST_ADDRESSES)
    tx.addOutput({ script, amount: BigInt(coin!.value) - 50_000n - 1_000n })
    const psbt = base64.encode(tx.toPSBT())
    const signedOnly = await ok<{ psbt: string; txid?: string }>('signPsbt', {
      psbt,
      signInputs: { [wallet.ordinalsAddress]: [0] },
    })
    expect(signedOnly.txid).toBeUndefined()
    expect(Transaction.fromPSBT(base64.decode(signedOnly.psbt)).getInput(0).tapKeySig).toBeDefined()
    const sent = await ok<{ psbt: string; txid: string }>('signPsbt', {
      psbt,
      signInputs: { [wallet.ordinalsAddress]: [0] },
      broadcast: true,
    })
    expect(devnet.mempool).toContain(sent.txid)
  })

  it.each([
    [
      'an address of another network',
      { recipients: [{ address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: 1000 }] },
      /not a regtest address/,
    ],
    ['an amount that is not whole satoshis', { recipients: [{ address: someone, amount: 0.5 }] }, /integer satoshis/],
    ['more than the account holds', { recipients: [{ address: someone, amount: 2_000_000_000 }] }, /Not enough BTC/],
  ])('sendTransfer refuses %s (-32602) and sends nothing', async (_, params, message) => {
    const mempool = devnet.mempool.length
    const answer = await call('sendTransfer', params)
    expect(answer.error?.code).toBe(-32602)
    expect(answer.error?.message).toMatch(message)
    expect(devnet.mempool.length).toBe(mempool)
  })
})
