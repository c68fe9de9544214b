/**
 * Bitcoin regtest pieces shared by the server's Bitcoin tests and the Bitcoin bench: the chain,
 * its BTC asset, a merchant's BIP84 account key, payer keys the app never saw, and transactions
 * built and signed with bitcoinjs-lib and broadcast to an Esplora (the regtest devnet's). Nothing
 * here imports the test runner, so the bench can use it too.
 */
import { secp256k1 } from '@noble/curves/secp256k1'
import type { Asset, Network } from '@paylink/shared'
import { HDKey } from '@scure/bip32'
import { networks, payments, Psbt } from 'bitcoinjs-lib'
import { randomBytes } from 'node:crypto'

export const regtestChain = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
export const regtestBtc: Asset = {
  assetId: `${regtestChain}/slip44:0`,
  caipNetworkId: regtestChain,
  symbol: 'BTC',
  name: 'Bitcoin',
  decimals: 8,
  native: true,
}

/** Bitcoin regtest read through the Esplora at `rpcUrl`, one confirmation. */
export function regtestNetwork(rpcUrl: string, name: string): Network {
  return {
    caipNetworkId: regtestChain,
    name,
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrl,
    blockExplorerUrl: null,
    testnet: true,
    confirmations: 1,
  }
}

/** A merchant's BIP84 account m/84'/1'/0' on test-network versions (tpub/tprv), from `seed` (random unless given). */
export function merchantAccountKey(seed: Uint8Array = randomBytes(32)): HDKey {
  return HDKey.fromMasterSeed(seed, { private: 0x04358394, public: 0x043587cf }).derive("m/84'/1'/0'")
}

/** A P2WPKH wallet on regtest: its private key, compressed public key, address and output script. */
export interface RegtestWallet {
  key: Uint8Array
  publicKey: Buffer
  address: string
  output: Buffer
}
export function regtestWallet(key: Uint8Array = secp256k1.utils.randomSecretKey()): RegtestWallet {
  const publicKey = Buffer.from(secp256k1.getPublicKey(key, true))
  const p2wpkh = payments.p2wpkh({ pubkey: publicKey, network: networks.regtest })
  return { key, publicKey, address: p2wpkh.address!, output: p2wpkh.output! }
}

export type Coin = { txid: string; vout: number; value: bigint }
export type Output = { address: string; value: bigint }

/**
 * Spends each coin (input i signed with its wallet's key and presented with its wallet's public
 * key, so a test forges by pairing one with another's key) to `outputs`. BIP-125 signalling when
 * `rbf` is set; otherwise the mempool refuses any conflicting transaction.
 */
export function signTransaction(
  inputs: Array<[RegtestWallet, Coin]>,
  outputs: Output[],
  { rbf = false }: { rbf?: boolean } = {},
): { hex: string; txid: string } {
  const psbt = new Psbt({ network: networks.regtest })
  for (const [wallet, coin] of inputs)
    psbt.addInput({
      hash: coin.txid,
      index: coin.vout,
      sequence: rbf ? 0xfffffffd : 0xffffffff,
      witnessUtxo: { script: wallet.output, value: Number(coin.value) },
    })
  for (const o of outputs) psbt.addOutput({ address: o.address, value: Number(o.value) })
  inputs.forEach(([wallet], i) =>
    psbt.signInput(i, {
      publicKey: wallet.publicKey,
      sign: (hash: Buffer) => Buffer.from(secp256k1.sign(hash, wallet.key, { lowS: true }).toBytes('compact')),
    }),
  )
  psbt.finalizeAllInputs()
  const tx = psbt.extractTransaction()
  return { hex: tx.toHex(), txid: tx.getId() }
}

/** POST /tx on an Esplora, as a wallet broadcasts: the status and the text answered (the txid when taken). */
export async function broadcast(esploraUrl: string, hex: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${esploraUrl}/tx`, { method: 'POST', body: hex, headers: { 'content-type': 'text/plain' } })
  return { status: res.status, text: await res.text() }
}

/** Where `sats` paid to `address` stands in transaction `txid` (-1 when it does not), as Esplora lists its outputs. */
export async function outputIndex(esploraUrl: string, txid: string, address: string, sats: bigint): Promise<number> {
  const tx = (await (await fetch(`${esploraUrl}/tx/${txid}`)).json()) as {
    vout: { scriptpubkey_address?: string; value: number }[]
  }
  return tx.vout.findIndex((o) => o.scriptpubkey_address === address && BigInt(o.value) === sats)
}
