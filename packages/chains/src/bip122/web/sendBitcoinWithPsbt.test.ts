import { startBitcoinDevnet, type BitcoinDevnet } from '../devnet/index.js'
import { createDevBitcoinWallet, type DevBitcoinWallet } from '../devnet/wallet/index.js'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBitcoinTransferPlan } from './readBitcoinTransferPlan.js'
import { sendBitcoinWithPsbt, type BitcoinPsbtSigner } from './sendBitcoinWithPsbt.js'

// The Wallet page's BTC send against the real regtest devnet and the Dev Wallet's Bitcoin account
// (its sats-connect provider), asked the way AppKit 1.7.8's SatsConnectConnector.signPSBT asks
// (signInputs grouped as { [address]: indexes }), written here from that connector's code.
const recipient = 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6'

let devnet: BitcoinDevnet
let wallet: DevBitcoinWallet
const asked: string[] = []

function connectorOf(w: DevBitcoinWallet, tamper?: (psbt: string) => string): BitcoinPsbtSigner {
  return {
    async signPSBT({ psbt, signInputs, broadcast }) {
      const grouped: Record<string, number[]> = {}
      for (const input of signInputs) (grouped[input.address] ??= []).push(input.index)
      asked.push('signPsbt')
      const answer = await w.provider.request('signPsbt', {
        psbt: tamper ? tamper(psbt) : psbt,
        signInputs: grouped,
        broadcast,
      })
      if ('error' in answer) throw new Error(answer.error.message)
      return answer.result as { psbt: string; txid?: string }
    },
  }
}

/** The Wallet page's plan for sending `amount` from the Dev Wallet's payment address. */
const planFromWallet = (amount: bigint) =>
  readBitcoinTransferPlan({ esploraUrl: devnet.esploraUrl, from: wallet.paymentAddress, amount })

/** fetch that records the POSTs it makes. */
function recordingFetch(posts: string[]): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') posts.push(String(input))
    return fetch(input, init)
  }) as typeof fetch
}

beforeAll(async () => {
  devnet = await startBitcoinDevnet({ blockIntervalMs: 0 })
  wallet = createDevBitcoinWallet({ esploraUrl: devnet.esploraUrl })
  await devnet.faucet(wallet.paymentAddress, 5_000_000n)
  await devnet.faucet(wallet.paymentAddress, 300_000n)
  await devnet.mine(1)
  const connected = await wallet.provider.request('wallet_connect', {})
  expect('result' in connected, JSON.stringify(connected)).toBe(true)
}, 60_000)
afterAll(async () => {
  await devnet?.close()
})

describe('sendBitcoinWithPsbt', () => {
  it('the wallet signs a PSBT of the plan (it does not broadcast); the transaction sent pays the amount and exactly the fee planned', async () => {
    const plan = await planFromWallet(123_456n)
    expect(plan.fee).toBeGreaterThan(0n)
    const posts: string[] = []
    asked.length = 0
    const { txid, fee } = await sendBitcoinWithPsbt(
      {
        wallet: connectorOf(wallet),
        esploraUrl: devnet.esploraUrl,
        from: wallet.paymentAddress,
        to: recipient,
        amount: 123_456n,
        plan,
      },
      recordingFetch(posts),
    )
    expect(asked).toEqual(['signPsbt'])
    expect(posts, 'one broadcast, by the page').toEqual([`${devnet.esploraUrl}/tx`])
    expect(devnet.mempool).toContain(txid)
    expect(fee).toBe(plan.fee)
    // What the chain holds: inputs (the planned coins) less outputs is the planned fee.
    const tx = (await (await fetch(`${devnet.esploraUrl}/tx/${txid}`)).json()) as {
      vin: { txid: string; vout: number; prevout: { value: number } }[]
      vout: { scriptpubkey_address: string; value: number }[]
    }
    expect(tx.vin.map((i) => `${i.txid}:${i.vout}`)).toEqual(plan.inputs.map((c) => `${c.txid}:${c.vout}`))
    const paidIn = tx.vin.reduce((sum, i) => sum + BigInt(i.prevout.value), 0n)
    const paidOut = tx.vout.reduce((sum, o) => sum + BigInt(o.value), 0n)
    expect(paidIn - paidOut).toBe(plan.fee)
    expect(tx.vout.map((o) => [o.scriptpubkey_address, BigInt(o.value)])).toEqual([
      [recipient, 123_456n],
      ...(plan.change > 0n ? [[wallet.paymentAddress, plan.change]] : []),
    ])
  }, 60_000)

  it('a wallet that signs another transaction than asked (the payment re-pointed) is refused and nothing is broadcast', async () => {
    const plan = await planFromWallet(50_000n)
    const redirect = (psbt: string) => {
      const tx = Transaction.fromPSBT(base64.decode(psbt))
      const swapped = new Transaction({ version: 2 })
      for (let i = 0; i < tx.inputsLength; i++) swapped.addInput(tx.getInput(i))
      // The recipient's output now goes to the change address too.
      for (let i = 0; i < tx.outputsLength; i++)
        swapped.addOutput({ script: tx.getOutput(tx.outputsLength - 1).script!, amount: tx.getOutput(i).amount! })
      return base64.encode(swapped.toPSBT())
    }
    const posts: string[] = []
    const mempool = devnet.mempool
    await expect(
      sendBitcoinWithPsbt(
        {
          wallet: connectorOf(wallet, redirect),
          esploraUrl: devnet.esploraUrl,
          from: wallet.paymentAddress,
          to: recipient,
          amount: 50_000n,
          plan,
        },
        recordingFetch(posts),
      ),
    ).rejects.toThrow('The wallet changed the transaction it was asked to sign; nothing was sent.')
    expect(posts).toEqual([])
    expect(devnet.mempool).toEqual(mempool)
  }, 60_000)

  it("a transaction the node refuses (coins already spent) fails with the node's reason", async () => {
    const plan = await planFromWallet(10_000n)
    const parameters = {
      wallet: connectorOf(wallet),
      esploraUrl: devnet.esploraUrl,
      from: wallet.paymentAddress,
      to: recipient,
      amount: 10_000n,
      plan,
    }
    await sendBitcoinWithPsbt(parameters)
    await devnet.mine(1)
    await expect(sendBitcoinWithPsbt({ ...parameters, amount: 10_001n }), 'a plan is for one amount').rejects.toThrow(
      'The transfer plan is not for 10001 sats',
    )
    // The same coins to another address: a new transaction whose inputs the chain has spent.
    await expect(sendBitcoinWithPsbt({ ...parameters, to: wallet.ordinalsAddress })).rejects.toThrow(
      /^The Bitcoin network refused the transaction: .*missingorspent/,
    )
  }, 60_000)
})
