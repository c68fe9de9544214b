import type { PaymentSighting, PaymentWatch } from '../../serverFace/chainFamily.js'
import type { BitcoinReaderMemory } from './bitcoinReaderMemory.js'
import type { EsploraClient } from './createEsploraClient.js'

/** Watched addresses whose mempool is read per pass: the pass's cost stays constant whatever the count of open links. */
export const mempoolAddressesPerPass = 20

/**
 * Unconfirmed payments to watched addresses ("seen, confirming 0/N"): Esplora has no mempool
 * feed filtered by many addresses, so each pass reads `GET /address/:a/txs/mempool` for the
 * next `mempoolAddressesPerPass` watches in a rotation (option id order). With W open links an
 * address is looked at every ceil(W / 20) passes; a transaction mined first is found by the
 * block scan anyway.
 */
export async function sightMempool(
  esplora: EsploraClient,
  memory: BitcoinReaderMemory,
  watches: readonly PaymentWatch[],
): Promise<PaymentSighting[]> {
  const watched = memory.watchesInOrder(watches)
  if (watched.length === 0) return []
  const start = memory.mempoolOffset % watched.length
  const batch = Array.from(
    { length: Math.min(mempoolAddressesPerPass, watched.length) },
    (_, i) => watched[(start + i) % watched.length]!,
  )
  memory.mempoolOffset = start + batch.length
  // One address whose read failed (after the client's retries) costs only its own sighting, which
  // is a courtesy ("seen, confirming 0/N"): the block scan finds its payment anyway. Only when
  // every read failed is the provider down, and the pass fails as it should.
  const settled = await Promise.allSettled(batch.map((watch) => esplora.mempoolTransactions(watch.depositAddress!)))
  const failed = settled.find((result) => result.status === 'rejected')
  if (failed && settled.every((result) => result.status === 'rejected')) throw failed.reason
  const found = settled.map((result) => (result.status === 'fulfilled' ? result.value : []))
  return batch.flatMap((watch, i) =>
    found[i]!.filter((transaction) =>
      transaction.vout.some((output) => output.scriptpubkey_address === watch.depositAddress),
    ).map((transaction) => ({
      transactionId: transaction.txid.toLowerCase(),
      optionId: watch.optionId,
    })),
  )
}
