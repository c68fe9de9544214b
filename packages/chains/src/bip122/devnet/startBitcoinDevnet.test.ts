import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// bitcoinjs-lib needs an ECC library: @bitcoinerlab/secp256k1 and ecpair are installed (both come
// with bip322-js, a devnet devDependency); tiny-secp256k1 is not.
import * as ecc from '@bitcoinerlab/secp256k1'
import {
  crypto as bjsCrypto,
  initEccLib,
  networks,
  payments,
  Psbt,
  script as bscript,
  Transaction as BjsTransaction,
} from 'bitcoinjs-lib'
import { toXOnly } from 'bitcoinjs-lib/src/psbt/bip371.js'
import { ECPairFactory, type ECPairInterface } from 'ecpair'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBitcoinDevnet, type BitcoinDevnet } from './startBitcoinDevnet.js'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
const network = networks.regtest

type Utxo = {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number }
}

/** A key the devnet never saw, with its P2WPKH or P2TR (key path) address. */
function wallet(kind: 'wpkh' | 'tr') {
  const key = ECPair.makeRandom({ network })
  if (kind === 'wpkh') {
    const payment = payments.p2wpkh({ pubkey: key.publicKey, network })
    return { kind, key, signer: key as ECPairInterface, address: payment.address!, output: payment.output! }
  }
  const internalPubkey = toXOnly(key.publicKey)
  const payment = payments.p2tr({ internalPubkey, network })
  const signer = key.tweak(bjsCrypto.taggedHash('TapTweak', internalPubkey))
  return { kind, key, signer, internalPubkey, address: payment.address!, output: payment.output! }
}
type Wallet = ReturnType<typeof wallet>

/** A transaction spending `inputs` of `from` to `outputs`, built and signed with bitcoinjs-lib. */
function spend(
  from: Wallet,
  inputs: { txid: string; vout: number; value: number }[],
  outputs: { address?: string; script?: Buffer; value: number }[],
  sequence = 0xfffffffd,
) {
  const psbt = new Psbt({ network })
  for (const i of inputs) {
    psbt.addInput({
      hash: i.txid,
      index: i.vout,
      sequence,
      witnessUtxo: { script: from.output, value: i.value },
      ...(from.kind === 'tr' ? { tapInternalKey: (from as { internalPubkey: Buffer }).internalPubkey } : {}),
    })
  }
  for (const o of outputs)
    psbt.addOutput(o.address ? { address: o.address, value: o.value } : { script: o.script!, value: o.value })
  psbt.signAllInputs(from.signer)
  psbt.finalizeAllInputs()
  return psbt.extractTransaction(true)
}

/** `from` pays `value` to `to` out of one coin and takes `change` back (the rest is the fee). */
const payWithChange = (
  from: Wallet,
  coin: { txid: string; vout: number; value: number },
  to: string,
  value: number,
  change: number,
) =>
  spend(
    from,
    [coin],
    [
      { address: to, value },
      { address: from.address, value: change },
    ],
  )

describe('startBitcoinDevnet', () => {
  let dir: string
  let btc: BitcoinDevnet
  const preFunded = wallet('wpkh')

  const get = async (path: string) => {
    const res = await fetch(`${btc.esploraUrl}${path}`)
    const body = await res.text()
    return {
      status: res.status,
      body,
      json: () => JSON.parse(body),
      cors: res.headers.get('access-control-allow-origin'),
    }
  }
  const getJson = async (path: string) => {
    const res = await get(path)
    expect(res.status, `${path}: ${res.body}`).toBe(200)
    return res.json()
  }
  const post = async (hex: string) => {
    const res = await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: hex })
    return { status: res.status, body: await res.text() }
  }
  const broadcast = async (tx: BjsTransaction) => {
    const res = await post(tx.toHex())
    expect(res.status, res.body).toBe(200)
    expect(res.body).toBe(tx.getId())
    return res.body
  }
  /** A confirmed output of `sats` to a fresh wallet. */
  const funded = async (kind: 'wpkh' | 'tr', sats = 100_000) => {
    const w = wallet(kind)
    const txid = await btc.faucet(w.address, BigInt(sats))
    await btc.mine(1)
    const utxos = (await getJson(`/address/${w.address}/utxo`)) as Utxo[]
    expect(utxos).toHaveLength(1)
    expect(utxos[0]!.txid).toBe(txid)
    return { w, utxo: utxos[0]! }
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bitcoin-devnet-'))
    btc = await startBitcoinDevnet({
      blockIntervalMs: 0,
      statePath: join(dir, 'bitcoin.json'),
      fundAddresses: [preFunded.address],
      fundSats: 200_000_000n,
    })
  }, 60_000)
  afterAll(async () => {
    await btc?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('is a regtest chain: the known genesis, bcrt1 addresses, CAIP-2 id, CORS', async () => {
    expect(btc.genesisHash).toBe('0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206')
    expect(btc.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    const genesis = await get('/block-height/0')
    expect(genesis.body).toBe(btc.genesisHash)
    expect(genesis.cors).toBe('*')
    expect(btc.faucetAddress).toMatch(/^bcrt1q/)
    expect((await get('/blocks/tip/height')).body).toBe(String(btc.height))
    expect((await get('/blocks/tip/hash')).body).toBe(btc.tipHash)
  })

  it('funds the listed addresses once, confirmed before start resolves', async () => {
    const utxos = (await getJson(`/address/${preFunded.address}/utxo`)) as Utxo[]
    expect(utxos.map((u) => [u.value, u.status.confirmed])).toEqual([[200_000_000, true]])
    const info = await getJson(`/address/${preFunded.address}`)
    expect(info).toEqual({
      address: preFunded.address,
      chain_stats: {
        tx_count: 1,
        funded_txo_count: 1,
        funded_txo_sum: 200_000_000,
        spent_txo_count: 0,
        spent_txo_sum: 0,
      },
      mempool_stats: { tx_count: 0, funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0 },
    })
  })

  it('mines real blocks: header fields, Merkle root, BIP34 coinbase, subsidy plus fees, Esplora block shape', async () => {
    const [hash] = await btc.mine(1)
    const block = await getJson(`/block/${hash}`)
    expect(Object.keys(block).sort()).toEqual(
      [
        'bits',
        'difficulty',
        'height',
        'id',
        'mediantime',
        'merkle_root',
        'nonce',
        'previousblockhash',
        'size',
        'timestamp',
        'tx_count',
        'version',
        'weight',
      ].sort(),
    )
    expect(block.id).toBe(hash)
    expect(block.bits).toBe(0x207fffff)
    expect(block.previousblockhash).toBe((await get(`/block-height/${block.height - 1}`)).body)
    expect(await getJson(`/block/${hash}/status`)).toEqual({
      in_best_chain: true,
      height: block.height,
      next_best: null,
    })
    // The raw block parses with bitcoinjs-lib, its header hashes to the id, its Merkle root checks.
    const raw = Buffer.from(await (await fetch(`${btc.esploraUrl}/block/${hash}/raw`)).arrayBuffer())
    const { Block } = await import('bitcoinjs-lib')
    const parsed = Block.fromBuffer(raw)
    expect(parsed.getId()).toBe(hash)
    expect(parsed.checkTxRoots()).toBe(true)
    expect(parsed.checkProofOfWork()).toBe(true)
    const [coinbase] = (await getJson(`/block/${hash}/txs`)) as any[]
    expect(coinbase.vin[0].is_coinbase).toBe(true)
    expect(coinbase.vin[0].prevout).toBeNull()
    // BIP34: the scriptSig starts with the height, pushed as a script number.
    const heightPush = coinbase.vin[0].scriptsig_asm.split(' ')
    expect(
      heightPush[0] === `OP_PUSHNUM_${block.height}` ||
        Number.parseInt(Buffer.from(heightPush[1], 'hex').reverse().toString('hex'), 16) === block.height,
    ).toBe(true)
    // Regtest subsidy: 50 BTC halved every 150 blocks; this block has no fees.
    expect(coinbase.vout[0].value).toBe(Number((5_000_000_000n >> BigInt(Math.floor(block.height / 150))) as bigint))
    expect(coinbase.vout[1].scriptpubkey).toMatch(/^6a24aa21a9ed/)
  })

  it('accepts a P2WPKH spend signed by bitcoinjs-lib from a key it never saw; mempool, then confirmed, in Esplora shapes', async () => {
    const { w, utxo } = await funded('wpkh', 500_000)
    const to = wallet('tr')
    const tx = payWithChange(w, utxo, to.address, 300_000, 199_000)
    const txid = await broadcast(tx)
    expect(btc.mempool).toContain(txid)
    expect(((await getJson(`/address/${to.address}/txs/mempool`)) as any[]).map((t) => t.txid)).toEqual([txid])
    expect(await getJson(`/tx/${txid}/status`)).toEqual({ confirmed: false })
    // An unconfirmed output is listed, and the spent one is gone.
    expect(
      ((await getJson(`/address/${w.address}/utxo`)) as Utxo[]).map((u) => [u.txid, u.vout, u.status.confirmed]),
    ).toEqual([[txid, 1, false]])
    const [blockHash] = await btc.mine(1)
    const utxos = (await getJson(`/address/${to.address}/utxo`)) as Utxo[]
    const block = await getJson(`/block/${blockHash}`)
    expect(utxos).toEqual([
      {
        txid,
        vout: 0,
        value: 300_000,
        status: { confirmed: true, block_height: block.height, block_hash: blockHash, block_time: block.timestamp },
      },
    ])
    const view = await getJson(`/tx/${txid}`)
    expect(Object.keys(view).sort()).toEqual([
      'fee',
      'locktime',
      'size',
      'status',
      'txid',
      'version',
      'vin',
      'vout',
      'weight',
    ])
    expect(view.fee).toBe(1_000)
    expect(view.weight).toBe(tx.weight())
    expect(view.size).toBe(tx.byteLength())
    expect(view.vin[0]).toMatchObject({
      txid: utxo.txid,
      vout: utxo.vout,
      is_coinbase: false,
      sequence: 0xfffffffd,
      scriptsig: '',
      scriptsig_asm: '',
    })
    expect(view.vin[0].witness).toHaveLength(2)
    expect(view.vin[0].prevout).toEqual({
      scriptpubkey: w.output.toString('hex'),
      scriptpubkey_asm: `OP_0 OP_PUSHBYTES_20 ${w.output.subarray(2).toString('hex')}`,
      scriptpubkey_type: 'v0_p2wpkh',
      scriptpubkey_address: w.address,
      value: 500_000,
    })
    expect(view.vout[0]).toMatchObject({
      scriptpubkey_type: 'v1_p2tr',
      scriptpubkey_address: to.address,
      value: 300_000,
    })
    expect(view.vout[0].scriptpubkey_asm).toMatch(/^OP_PUSHNUM_1 OP_PUSHBYTES_32 [0-9a-f]{64}$/)
    expect(view.status).toEqual({
      confirmed: true,
      block_height: block.height,
      block_hash: blockHash,
      block_time: block.timestamp,
    })
    expect((await get(`/tx/${txid}/hex`)).body).toBe(tx.toHex())
    expect(await getJson(`/block/${blockHash}/txids`)).toContain(txid)
    const outspends = await getJson(`/tx/${utxo.txid}/outspends`)
    expect(outspends[utxo.vout]).toEqual({ spent: true, txid, vin: 0, status: view.status })
    const history = (await getJson(`/address/${w.address}/txs`)) as any[]
    expect(history.map((t) => t.txid)).toEqual([txid, utxo.txid])
  })

  it('accepts a P2TR key-path spend (BIP341 sighash, Schnorr), with SIGHASH_DEFAULT and SIGHASH_ALL', async () => {
    const { w, utxo } = await funded('tr', 400_000)
    const to = wallet('wpkh')
    const txid = await broadcast(spend(w, [utxo], [{ address: to.address, value: 399_000 }]))
    await btc.mine(1)
    expect(((await getJson(`/address/${to.address}/utxo`)) as Utxo[]).map((u) => u.txid)).toEqual([txid])
    const view = await getJson(`/tx/${txid}`)
    expect(view.vin[0].witness).toHaveLength(1)
    expect(view.vin[0].witness[0]).toHaveLength(128)

    const second = await funded('tr', 400_000)
    const psbt = new Psbt({ network })
    psbt.addInput({
      hash: second.utxo.txid,
      index: second.utxo.vout,
      witnessUtxo: { script: second.w.output, value: second.utxo.value },
      tapInternalKey: (second.w as { internalPubkey: Buffer }).internalPubkey,
      sighashType: BjsTransaction.SIGHASH_ALL,
    })
    psbt.addOutput({ address: to.address, value: 399_000 })
    psbt.signAllInputs(second.w.signer, [BjsTransaction.SIGHASH_ALL])
    psbt.finalizeAllInputs()
    const withType = psbt.extractTransaction()
    expect(withType.ins[0]!.witness[0]).toHaveLength(65)
    await broadcast(withType)
  })

  it('refuses an invalid signature (P2WPKH and P2TR) with bitcoind error text, and changes nothing', async () => {
    for (const kind of ['wpkh', 'tr'] as const) {
      const { w, utxo } = await funded(kind)
      const tx = spend(w, [utxo], [{ address: wallet('wpkh').address, value: 99_000 }])
      // An output amount changed after signing: the signature no longer covers the transaction.
      tx.outs[0]!.value = 98_000
      const res = await post(tx.toHex())
      expect(res.status).toBe(400)
      const message =
        kind === 'wpkh' ? 'Signature must be zero for failed CHECK(MULTI)SIG operation' : 'Invalid Schnorr signature'
      expect(res.body).toBe(
        `sendrawtransaction RPC error: {"code":-26,"message":"mandatory-script-verify-flag-failed (${message})"}`,
      )
      expect(btc.mempool).not.toContain(tx.getId())
      expect(((await getJson(`/address/${w.address}/utxo`)) as Utxo[]).map((u) => u.txid)).toEqual([utxo.txid])
    }
    // A valid signature, by another key, over this very transaction's BIP143 sighash.
    const { w, utxo } = await funded('wpkh')
    const stranger = wallet('wpkh')
    const forged = spend(w, [utxo], [{ address: stranger.address, value: 99_000 }])
    const scriptCode = payments.p2pkh({ pubkey: w.key.publicKey, network }).output!
    const sighash = forged.hashForWitnessV0(0, scriptCode, utxo.value, BjsTransaction.SIGHASH_ALL)
    forged.ins[0]!.witness = [
      bscript.signature.encode(stranger.key.sign(sighash), BjsTransaction.SIGHASH_ALL),
      w.key.publicKey,
    ]
    const res = await post(forged.toHex())
    expect(res.status).toBe(400)
    expect(res.body).toContain(
      'mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)',
    )
    // The stranger's own public key does not hash to the address.
    forged.ins[0]!.witness = [
      bscript.signature.encode(stranger.key.sign(sighash), BjsTransaction.SIGHASH_ALL),
      stranger.key.publicKey,
    ]
    expect((await post(forged.toHex())).body).toContain('Witness program hash mismatch')
  })

  it('refuses a spent input (double spend of a confirmed spend) and an unknown input', async () => {
    const { w, utxo } = await funded('wpkh')
    await broadcast(spend(w, [utxo], [{ address: wallet('wpkh').address, value: 99_000 }]))
    await btc.mine(1)
    const again = await post(spend(w, [utxo], [{ address: wallet('wpkh').address, value: 98_000 }]).toHex())
    expect(again).toEqual({
      status: 400,
      body: 'sendrawtransaction RPC error: {"code":-25,"message":"bad-txns-inputs-missingorspent"}',
    })
    const unknown = await post(
      spend(w, [{ txid: 'ab'.repeat(32), vout: 0, value: 100_000 }], [{ address: w.address, value: 99_000 }]).toHex(),
    )
    expect(unknown.body).toContain('bad-txns-inputs-missingorspent')
  })

  it('refuses a conflict with a transaction that does not signal RBF (txn-mempool-conflict)', async () => {
    const { w, utxo } = await funded('wpkh')
    const first = spend(w, [utxo], [{ address: wallet('wpkh').address, value: 99_000 }], 0xffffffff)
    await broadcast(first)
    const conflict = await post(spend(w, [utxo], [{ address: wallet('wpkh').address, value: 90_000 }]).toHex())
    expect(conflict).toEqual({
      status: 400,
      body: 'sendrawtransaction RPC error: {"code":-26,"message":"txn-mempool-conflict"}',
    })
    expect(btc.mempool).toContain(first.getId())
  })

  it('replaces a signalling transaction that pays more (BIP-125), evicting it and its child', async () => {
    const { w, utxo } = await funded('wpkh', 200_000)
    const merchant = wallet('wpkh')
    const original = payWithChange(w, utxo, merchant.address, 100_000, 99_000)
    const originalId = await broadcast(original)
    const child = spend(
      w,
      [{ txid: originalId, vout: 1, value: 99_000 }],
      [{ address: wallet('wpkh').address, value: 98_000 }],
    )
    const childId = await broadcast(child)
    // A replacement that does not pay more is refused.
    const cheap = await post(spend(w, [utxo], [{ address: wallet('wpkh').address, value: 199_500 }]).toHex())
    expect(cheap.status).toBe(400)
    expect(cheap.body).toContain('insufficient fee, rejecting replacement')
    // Paying elsewhere, with more fee than the original and its child together.
    const elsewhere = wallet('wpkh')
    const replacement = spend(w, [utxo], [{ address: elsewhere.address, value: 195_000 }])
    const replacementId = await broadcast(replacement)
    expect(btc.mempool).toContain(replacementId)
    expect(btc.mempool).not.toContain(originalId)
    expect(btc.mempool).not.toContain(childId)
    expect((await get(`/tx/${originalId}`)).status).toBe(404)
    expect((await get(`/tx/${childId}`)).body).toBe('Transaction not found')
    expect(await getJson(`/address/${merchant.address}/txs`)).toEqual([])
    expect(await getJson(`/tx/${utxo.txid}/outspends`)).toEqual(
      expect.arrayContaining([{ spent: true, txid: replacementId, vin: 0, status: { confirmed: false } }]),
    )
    await btc.mine(1)
    expect(((await getJson(`/address/${elsewhere.address}/utxo`)) as Utxo[]).map((u) => u.status.confirmed)).toEqual([
      true,
    ])
  })

  it('refuses dust outputs (294 sats P2WPKH, 330 P2TR), outputs above inputs, and fees under 1 sat/vB', async () => {
    const { w, utxo } = await funded('wpkh', 100_000)
    const wpkhDust = await post(payWithChange(w, utxo, wallet('wpkh').address, 293, 98_000).toHex())
    expect(wpkhDust.body).toBe('sendrawtransaction RPC error: {"code":-26,"message":"dust"}')
    const trDust = await post(payWithChange(w, utxo, wallet('tr').address, 329, 98_000).toHex())
    expect(trDust.body).toContain('"dust"')
    const aboveTx = spend(w, [utxo], [{ address: w.address, value: 99_000 }])
    aboveTx.outs[0]!.value = 100_001
    const above = await post(aboveTx.toHex())
    expect(above.body).toContain('bad-txns-in-belowout')
    const free = spend(w, [utxo], [{ address: w.address, value: 100_000 - 50 }])
    const cheap = await post(free.toHex())
    expect(cheap.body).toBe(
      `sendrawtransaction RPC error: {"code":-26,"message":"min relay fee not met, 50 < ${free.virtualSize()}"}`,
    )
    // At the thresholds it is accepted.
    await broadcast(
      spend(
        w,
        [utxo],
        [
          { address: wallet('wpkh').address, value: 294 },
          { address: wallet('tr').address, value: 330 },
          { address: w.address, value: 99_000 },
        ],
      ),
    )
  })

  it('refuses what it cannot check or cannot parse, clearly', async () => {
    expect((await post('zz')).body).toBe('sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed"}')
    expect((await post('0200000000')).status).toBe(400)
    // A P2PKH output can be paid, but spending one is outside what the devnet verifies.
    const legacy = payments.p2pkh({ pubkey: ECPair.makeRandom({ network }).publicKey, network })
    const txid = await btc.faucet(legacy.address!, 50_000n)
    const tx = new BjsTransaction()
    tx.version = 2
    tx.addInput(Buffer.from(txid, 'hex').reverse(), 0)
    tx.addOutput(payments.p2wpkh({ pubkey: ECPair.makeRandom({ network }).publicKey, network }).output!, 40_000)
    const res = await post(tx.toHex())
    expect(res.status).toBe(400)
    expect(res.body).toContain('bad-txns-input-script-unsupported')
    expect(res.body).toContain('P2WPKH and P2TR')
  })

  it('answers Esplora errors with its texts', async () => {
    expect(await get('/nope')).toMatchObject({ status: 404, body: 'endpoint does not exist "/nope"' })
    expect(await get(`/tx/${'00'.repeat(32)}`)).toMatchObject({ status: 404, body: 'Transaction not found' })
    expect(await get('/tx/xyz')).toMatchObject({ status: 400, body: 'Invalid hex string' })
    expect(await get(`/block/${'11'.repeat(32)}`)).toMatchObject({ status: 404, body: 'Block not found' })
    expect(await get('/block-height/999999')).toMatchObject({ status: 404, body: 'Block not found' })
    expect(await get('/address/notanaddress/utxo')).toMatchObject({ status: 400, body: 'Invalid Bitcoin address' })
    expect(await get('/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/utxo')).toMatchObject({
      status: 400,
      body: 'Address on invalid network',
    })
    const fees = await getJson('/fee-estimates')
    expect(Object.keys(fees)).toHaveLength(28)
    expect(fees['1']).toBeGreaterThanOrEqual(1)
    const mempool = await getJson('/mempool')
    expect(Object.keys(mempool).sort()).toEqual(['count', 'fee_histogram', 'total_fee', 'vsize'])
    expect(await getJson('/mempool/txids')).toEqual(btc.mempool)
  })

  it('pages a block with more than 25 transactions by 25', async () => {
    await btc.mine(1)
    const ids: string[] = []
    for (let n = 0; n < 27; n++) ids.push(await btc.faucet(wallet('wpkh').address, 10_000n))
    const [hash] = await btc.mine(1)
    const first = (await getJson(`/block/${hash}/txs`)) as any[]
    const second = (await getJson(`/block/${hash}/txs/25`)) as any[]
    expect(first).toHaveLength(25)
    expect(second).toHaveLength(3)
    expect([...first, ...second].slice(1).map((t) => t.txid)).toEqual(ids)
    expect((await get(`/block/${hash}/txs/5`)).status).toBe(400)
    expect((await get(`/block/${hash}/txs/50`)).status).toBe(404)
    // The faucet's confirmed history, newest first, 25 per page, continued after the last txid seen.
    const page1 = (await getJson(`/address/${btc.faucetAddress}/txs/chain`)) as any[]
    const page2 = (await getJson(`/address/${btc.faucetAddress}/txs/chain/${page1.at(-1).txid}`)) as any[]
    expect(page1).toHaveLength(25)
    expect(page2.length).toBeGreaterThan(0)
    const heights = [...page1, ...page2].map((t) => t.status.block_height as number)
    expect(heights).toEqual([...heights].sort((x, y) => y - x))
    expect(new Set([...page1, ...page2].map((t) => t.txid)).size).toBe(page1.length + page2.length)
    const recent = (await getJson('/blocks')) as any[]
    expect(recent.map((b) => b.height)).toEqual(Array.from({ length: 10 }, (_, k) => btc.height - k))
  })

  it('reorgs: the removed blocks’ transactions return to the mempool, dropTxids and their children do not', async () => {
    const { w, utxo } = await funded('wpkh', 300_000)
    const payee = wallet('wpkh')
    const kept = await broadcast(payWithChange(w, utxo, payee.address, 100_000, 199_000))
    const [minedIn] = await btc.mine(1)
    const heightBefore = btc.height
    const result = await btc.reorg(1)
    expect(result.removed).toEqual([minedIn])
    expect(result.added).toHaveLength(2)
    expect(btc.height).toBe(heightBefore + 1)
    expect(result.readded).toContain(kept)
    expect(await getJson(`/tx/${kept}/status`)).toEqual({ confirmed: false })
    expect(await getJson(`/block/${minedIn}/status`)).toEqual({ in_best_chain: false })
    expect(((await getJson(`/address/${payee.address}/utxo`)) as Utxo[]).map((u) => u.status.confirmed)).toEqual([
      false,
    ])

    // Confirm it again with a child, then reorg dropping the parent: the child goes too.
    const child = await broadcast(
      spend(w, [{ txid: kept, vout: 1, value: 199_000 }], [{ address: wallet('wpkh').address, value: 198_000 }]),
    )
    await btc.mine(1)
    const dropping = await btc.reorg(1, { dropTxids: [kept] })
    expect(dropping.dropped).toEqual(expect.arrayContaining([kept, child]))
    expect((await get(`/tx/${kept}`)).status).toBe(404)
    expect(await getJson(`/address/${payee.address}/utxo`)).toEqual([])
    expect(((await getJson(`/address/${w.address}/utxo`)) as Utxo[]).map((u) => u.txid)).toEqual([utxo.txid])
  })

  it('reorgs in a double spend that wins: the original is dropped, the included one confirmed', async () => {
    const { w, utxo } = await funded('wpkh', 300_000)
    const merchant = wallet('wpkh')
    const paid = await broadcast(spend(w, [utxo], [{ address: merchant.address, value: 299_000 }], 0xffffffff))
    await btc.mine(1)
    const thief = wallet('wpkh')
    const doubleSpend = spend(w, [utxo], [{ address: thief.address, value: 299_000 }])
    const result = await btc.reorg(1, { includeRawTxs: [doubleSpend.toHex()] })
    expect(result.dropped).toEqual([paid])
    expect(await getJson(`/address/${merchant.address}/txs`)).toEqual([])
    const [won] = (await getJson(`/address/${thief.address}/utxo`)) as Utxo[]
    expect(won).toMatchObject({ txid: doubleSpend.getId(), status: { confirmed: true, block_hash: result.added[0] } })
  })

  it('keeps the chain, the mempool and the faucet across a restart from the state file', async () => {
    const w = wallet('wpkh')
    const pending = await btc.faucet(w.address, 70_000n)
    const tip = btc.tipHash
    const height = btc.height
    const statePath = join(dir, 'bitcoin.json')
    await btc.close()
    btc = await startBitcoinDevnet({ blockIntervalMs: 0, statePath, fundAddresses: [preFunded.address] })
    expect(btc.tipHash).toBe(tip)
    expect(btc.height).toBe(height)
    expect(btc.mempool).toEqual([pending])
    expect(((await getJson(`/address/${preFunded.address}/utxo`)) as Utxo[]).map((u) => u.value)).toEqual([200_000_000])
    await btc.mine(1)
    expect(((await getJson(`/address/${w.address}/utxo`)) as Utxo[]).map((u) => u.status.confirmed)).toEqual([true])
    // The faucet key survived: it can still pay.
    expect(await btc.faucet(wallet('tr').address, 1_000n)).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('startBitcoinDevnet block timer', () => {
  it('mines a block every blockIntervalMs', async () => {
    const btc = await startBitcoinDevnet({ blockIntervalMs: 150 })
    try {
      const start = btc.height
      const txid = await btc.faucet(
        payments.p2wpkh({ pubkey: ECPair.makeRandom({ network }).publicKey, network }).address!,
        5_000n,
      )
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      expect(btc.height).toBeGreaterThan(start + 2)
      const status = await (await fetch(`${btc.esploraUrl}/tx/${txid}/status`)).json()
      expect(status.confirmed).toBe(true)
    } finally {
      await btc.close()
    }
  })
})
