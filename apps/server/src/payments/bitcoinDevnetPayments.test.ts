import { secp256k1 } from '@noble/curves/secp256k1'
import { networks, payments, Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import {
  broadcast,
  merchantAccountKey,
  regtestWallet,
  signTransaction,
  type Coin,
  type Output,
} from '../testing/bitcoinRegtest.js'
import { useBitcoinDevnetApp, expectPaidByReplacement } from '../testing/bitcoinTestApp.js'

// The Bitcoin path on the REAL regtest devnet (packages/devnet/src/bitcoin), not the Esplora
// fixture: the merchant's account key comes from a seed only this test holds (the app sees the
// tpub), the payer's key is one the app never saw, funded by the devnet's faucet, and every
// transaction is built and signed with bitcoinjs-lib and broadcast with POST /tx, where the devnet
// checks it as a node would. The tracker is driven by runOnce(), blocks by mine() and reorg().
const elsewhere = 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6'

const merchantAccount = merchantAccountKey()
const merchantReceive = (i: number) =>
  payments.p2wpkh({
    pubkey: Buffer.from(merchantAccount.deriveChild(0).deriveChild(i).publicKey!),
    network: networks.regtest,
  }).address!

// The payer: a key the app never saw.
const payer = regtestWallet()

const bitcoin = useBitcoinDevnetApp({ receivingKey: merchantAccount.publicExtendedKey })

async function newLink(amount: string) {
  const order = await bitcoin.app.newLink(amount)
  // The address is the merchant's own: derived from its account key at <key>/0/i.
  expect(Array.from({ length: 50 }, (_, i) => merchantReceive(i))).toContain(order.address)
  return order
}
const link = (id: string) => bitcoin.app.link(id)
const pass = () => bitcoin.app.pass()
const eventsOf = (paymentId: string) => bitcoin.app.eventsOf(paymentId)

/** A confirmed coin of the payer's, paid by the devnet's faucet. */
const fund = (sats: bigint): Promise<Coin> => bitcoin.fund(payer.address, sats)

/**
 * Spends `coin` to `outputs`, signed with `privateKey` (the payer's unless a test forges), BIP-125
 * signalling unless `rbf` is false (then the mempool refuses any conflicting transaction).
 */
function spend(
  coin: Coin,
  outputs: Output[],
  { privateKey = payer.key, rbf = true }: { privateKey?: Uint8Array; rbf?: boolean } = {},
): { hex: string; txid: string } {
  return signTransaction([[{ ...payer, key: privateKey }, coin]], outputs, { rbf })
}

/** `coin` spent to pay `sats` to `address`, the change back to the payer after `fee` (1,000 sats unless a replacement bids more). */
function pay(
  coin: Coin,
  address: string,
  sats: bigint,
  { fee = 1_000n, rbf = true }: { fee?: bigint; rbf?: boolean } = {},
): { hex: string; txid: string } {
  return spend(
    coin,
    [
      { address, value: sats },
      { address: payer.address, value: coin.value - sats - fee },
    ],
    { rbf },
  )
}

async function broadcastOk(tx: { hex: string; txid: string }) {
  const answer = await broadcast(bitcoin.devnet.esploraUrl, tx.hex)
  expect(answer, 'POST /tx').toEqual({ status: 200, text: tx.txid })
}

/** A new link of `amount` BTC, and a confirmed coin of 0.01 BTC the payer pays it with. */
async function linkAndCoin(amount: string) {
  return { order: await newLink(amount), coin: await fund(1_000_000n) }
}

/** Broadcasts `tx`, then a tracker pass: the link's one payment is `tx`, confirming with no confirmation yet. */
async function expectConfirming(linkId: string, tx: { hex: string; txid: string }) {
  await broadcastOk(tx)
  await pass()
  expect((await link(linkId)).payments).toMatchObject([{ txHash: tx.txid, status: 'confirming', confirmations: 0 }])
}

/** A block (mining `tx` when given, broadcast first), then a tracker pass: the link as it reads after them. */
async function afterBlock(linkId: string, tx?: { hex: string; txid: string }) {
  if (tx) await broadcastOk(tx)
  await bitcoin.devnet.mine(1)
  await pass()
  return link(linkId)
}

/** Two tracker passes after a reorg: the link reopened, nothing counted, its one payment as `payment` says. */
async function expectReopened(linkId: string, payment: Record<string, unknown>) {
  await pass()
  await pass()
  const after = await link(linkId)
  expect(after.status).toBe('open')
  expect(after.options[0]).toMatchObject({ paid: '0', confirming: '0' })
  expect(after.payments).toMatchObject([payment])
  return after
}

describe('Bitcoin payments on the regtest devnet, found by the tracker (no submission)', () => {
  it('a payment in the mempool is confirming 0/1 (not counted), then confirmed and paid after a block', async () => {
    const { order, coin } = await linkAndCoin('0.001')
    const payment = pay(coin, order.address, 100_000n)
    await broadcastOk(payment)
    await pass()
    const seen = await link(order.id)
    expect(seen.status).toBe('open')
    expect(seen.payments).toMatchObject([
      { txHash: payment.txid, status: 'confirming', confirmations: 0, amount: '0.001' },
    ])
    expect(seen.options[0]).toMatchObject({ paid: '0', confirming: '0.001' })

    const paid = await afterBlock(order.id)
    expect(paid.status).toBe('paid')
    expect(paid.payments).toMatchObject([
      { txHash: payment.txid, status: 'confirmed', amount: '0.001', payer: payer.address },
    ])
  }, 60_000)

  it('a partial payment then a second transaction sum to paid', async () => {
    const { order, coin } = await linkAndCoin('0.003')
    const first = pay(coin, order.address, 100_000n)
    const partial = await afterBlock(order.id, first)
    expect(partial.status).toBe('partially_paid')
    expect(partial.options[0]).toMatchObject({ paid: '0.001' })

    // The second spends the first's change: a chain of the payer's own coins.
    const second = pay({ txid: first.txid, vout: 1, value: 899_000n }, order.address, 200_000n)
    const paid = await afterBlock(order.id, second)
    expect(paid.status).toBe('paid')
    expect(paid.options[0]).toMatchObject({ paid: '0.003' })
    expect(paid.payments.map((p: { status: string }) => p.status)).toEqual(['confirmed', 'confirmed'])
  }, 60_000)

  it('an overpayment marks the link paid and records the amount over, to the satoshi', async () => {
    const { order, coin } = await linkAndCoin('0.001')
    const payment = pay(coin, order.address, 123_457n)
    const paid = await afterBlock(order.id, payment)
    expect(paid.status).toBe('paid')
    expect(paid.options[0]).toMatchObject({ amount: '0.001', paid: '0.00123457', overpaid: '0.00023457' })
    expect(paid.payments).toMatchObject([{ txHash: payment.txid, status: 'confirmed', amount: '0.00123457' }])
  }, 60_000)

  it('an RBF replacement paying elsewhere: the link is not paid and the payment is dropped', async () => {
    const { order, coin } = await linkAndCoin('0.002')
    const original = pay(coin, order.address, 200_000n)
    await expectConfirming(order.id, original)

    const replacement = spend(coin, [{ address: elsewhere, value: 995_000n }])
    await broadcastOk(replacement)
    expect(bitcoin.devnet.mempool).not.toContain(original.txid)
    await pass()
    const after = await afterBlock(order.id)
    expect(after.status).toBe('open')
    expect(after.options[0]).toMatchObject({ paid: '0' })
    expect(after.payments).toMatchObject([{ txHash: original.txid, status: 'failed', reason: 'dropped' }])
  }, 60_000)

  it('an RBF replacement paying the same address is counted once', async () => {
    const { order, coin } = await linkAndCoin('0.001')
    const original = pay(coin, order.address, 100_000n)
    await broadcastOk(original)
    await pass()
    const replacement = pay(coin, order.address, 100_000n, { fee: 5_000n })
    await broadcastOk(replacement)
    await pass()
    expectPaidByReplacement(await afterBlock(order.id), {
      paid: '0.001',
      original: original.txid,
      replacement: replacement.txid,
    })
  }, 60_000)

  it('a payment in the mempool whose input a conflicting transaction spends in a block: dropped (failed), the link unpaid, nothing counted', async () => {
    const { order, coin } = await linkAndCoin('0.0005')
    // An empty block on top of the coin's, so the block that mines the conflict can take its place
    // below (the devnet's miners only mine their mempool; another miner saw the conflict first).
    await bitcoin.devnet.mine(1)
    // No BIP-125 signal: no replacement can reach the mempool, only a block can beat the payment.
    const payment = pay(coin, order.address, 50_000n, { rbf: false })
    await expectConfirming(order.id, payment)
    const conflict = spend(coin, [{ address: elsewhere, value: 990_000n }])
    expect(await broadcast(bitcoin.devnet.esploraUrl, conflict.hex), 'the mempool refuses the conflict').toMatchObject({
      status: 400,
      text: expect.stringContaining('txn-mempool-conflict'),
    })

    const block = await bitcoin.devnet.reorg(1, { includeRawTxs: [conflict.hex] })
    expect(block.dropped, 'the devnet drops the payment').toContain(payment.txid)
    const minedIn = (await (await fetch(`${bitcoin.devnet.esploraUrl}/tx/${conflict.txid}/status`)).json()) as {
      confirmed: boolean
      block_hash: string
    }
    expect(minedIn).toMatchObject({ confirmed: true, block_hash: block.added[0] })
    const after = await expectReopened(order.id, { txHash: payment.txid, status: 'failed', reason: 'dropped' })
    // Never counted, so never confirmed: detected, then taken back.
    expect(await eventsOf(after.payments[0].id)).toEqual(['payment.detected', 'payment.reverted'])
  }, 60_000)

  it('a counted payment reorged out of the chain (its coin double-spent in the longer chain): reverted, payment.reverted in the events, and the link reopens', async () => {
    const { order, coin } = await linkAndCoin('0.0005')
    const payment = pay(coin, order.address, 50_000n)
    const paid = await afterBlock(order.id, payment)
    expect(paid.status).toBe('paid')
    expect(paid.payments).toMatchObject([{ txHash: payment.txid, status: 'confirmed' }])

    // The same coin spent elsewhere wins in a longer chain: the payment can never confirm again.
    const doubleSpend = spend(coin, [{ address: elsewhere, value: 990_000n }])
    const reorg = await bitcoin.devnet.reorg(1, { includeRawTxs: [doubleSpend.hex] })
    expect(reorg.dropped).toContain(payment.txid)
    const after = await expectReopened(order.id, { txHash: payment.txid, status: 'reverted' })
    expect(await eventsOf(after.payments[0].id)).toEqual(['payment.detected', 'payment.confirmed', 'payment.reverted'])
  }, 60_000)
})

describe('the devnet refuses what a node refuses', () => {
  it('an invalid signature: 400 with the script error', async () => {
    const coin = await fund(100_000n)
    // A well-formed signature by another key, presented with the payer's public key.
    const forged = spend(coin, [{ address: elsewhere, value: 99_000n }], {
      privateKey: secp256k1.utils.randomPrivateKey(),
    })
    expect(Transaction.fromHex(forged.hex).ins[0]!.witness[1]!.equals(payer.publicKey)).toBe(true)
    const answer = await broadcast(bitcoin.devnet.esploraUrl, forged.hex)
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('mandatory-script-verify-flag-failed')
    expect(bitcoin.devnet.mempool).not.toContain(forged.txid)
  }, 60_000)

  it('a spent input: 400 bad-txns-inputs-missingorspent', async () => {
    const coin = await fund(100_000n)
    await broadcastOk(spend(coin, [{ address: elsewhere, value: 99_000n }]))
    await bitcoin.devnet.mine(1)
    const again = spend(coin, [{ address: payer.address, value: 98_000n }])
    const answer = await broadcast(bitcoin.devnet.esploraUrl, again.hex)
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('bad-txns-inputs-missingorspent')
  }, 60_000)
})
