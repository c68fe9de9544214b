import { hex } from '@scure/base'
import { Address, OutScript } from '@scure/btc-signer'
import type { PaymentWatch } from '../../serverFace/chainFamily.js'
import type { BitcoinNetwork } from './bitcoinNetworks.js'

/** Most block times a reader keeps (each is a few dozen bytes). */
const maxRemembered = 20_000

/** What the reader derived from one list of watches: kept while the tracker passes the same list. */
interface WatchIndex {
  watches: readonly PaymentWatch[]
  /** Output script (hex) -> the watched option paid through it. */
  byScript: Map<string, string>
  /** Watched address -> its output script (hex), null when it is not an address of this network. */
  scriptOf: Map<string, string | null>
  /** The watches with an address whose mempool is read, in option id order (the rotation's order). */
  inOrder: PaymentWatch[]
}

/**
 * What one network's reader keeps between passes, in memory (a restart starts empty): block
 * times by hash (so a payment's block costs no extra request), the watched addresses' output
 * scripts, and where the mempool rotation stands.
 *
 * The tracker passes the same watch list (the same array) until a watch comes or goes, so the
 * script index and the rotation's order are built once per change of the list, not per pass:
 * with 10,000 open links that is the difference between a pass in milliseconds and one that
 * decodes and sorts 10,000 addresses. A changed list re-decodes only its new addresses.
 */
export class BitcoinReaderMemory {
  readonly timestamps = new Map<string, bigint>()
  private index: WatchIndex = { watches: [], byScript: new Map(), scriptOf: new Map(), inOrder: [] }
  /** The next watch (in option id order) whose mempool is read. */
  mempoolOffset = 0

  constructor(readonly network: BitcoinNetwork) {}

  rememberTimestamp(hash: string, timestamp: bigint): void {
    this.timestamps.set(hash, timestamp)
    if (this.timestamps.size > maxRemembered) this.timestamps.delete(this.timestamps.keys().next().value!)
  }

  /** Output script (hex) -> the watched option paid through it (deposit addresses are unique per network). */
  watchedScripts(watches: readonly PaymentWatch[]): ReadonlyMap<string, string> {
    return this.indexOf(watches).byScript
  }

  /** The watches with an address whose mempool is read (not `minedOnly`), in option id order. */
  watchesInOrder(watches: readonly PaymentWatch[]): readonly PaymentWatch[] {
    return this.indexOf(watches).inOrder
  }

  private indexOf(watches: readonly PaymentWatch[]): WatchIndex {
    if (this.index.watches === watches) return this.index
    const previous = this.index.scriptOf
    const scriptOf = new Map<string, string | null>()
    const byScript = new Map<string, string>()
    for (const watch of watches) {
      const address = watch.depositAddress
      if (address === null) continue
      let script = scriptOf.get(address) ?? previous.get(address)
      if (script === undefined) script = this.decode(address)
      scriptOf.set(address, script)
      if (script) byScript.set(script, watch.optionId)
    }
    const inOrder = watches
      .filter((watch) => watch.depositAddress !== null && !watch.minedOnly)
      .sort((a, b) => (a.optionId < b.optionId ? -1 : a.optionId > b.optionId ? 1 : 0))
    this.index = { watches, byScript, scriptOf, inOrder }
    return this.index
  }

  private decode(address: string): string | null {
    try {
      return hex.encode(OutScript.encode(Address(this.network.parameters).decode(address)))
    } catch {
      return null
    }
  }
}
