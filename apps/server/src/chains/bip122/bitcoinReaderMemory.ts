import { hex } from '@scure/base'
import { Address, OutScript } from '@scure/btc-signer'
import type { PaymentWatch } from '../chainFamily.js'
import type { BitcoinNetwork } from './bitcoinNetworks.js'

/** Most block times and address scripts a reader keeps (each is a few dozen bytes). */
const maxRemembered = 20_000

/**
 * What one network's reader keeps between passes, in memory (a restart starts empty): block
 * times by hash (so a payment's block costs no extra request), each watched address's output
 * script, and where the mempool rotation stands.
 */
export class BitcoinReaderMemory {
  readonly timestamps = new Map<string, bigint>()
  private readonly scripts = new Map<string, string | null>()
  /** The next watch (in option id order) whose mempool is read. */
  mempoolOffset = 0

  constructor(readonly network: BitcoinNetwork) {}

  rememberTimestamp(hash: string, timestamp: bigint): void {
    this.timestamps.set(hash, timestamp)
    if (this.timestamps.size > maxRemembered) this.timestamps.delete(this.timestamps.keys().next().value!)
  }

  /** The output script (hex) of a watched address on this network, or null when the address is not one. */
  scriptOf(address: string): string | null {
    let script = this.scripts.get(address)
    if (script === undefined) {
      try {
        script = hex.encode(OutScript.encode(Address(this.network.parameters).decode(address)))
      } catch {
        script = null
      }
      this.scripts.set(address, script)
      if (this.scripts.size > maxRemembered) this.scripts.delete(this.scripts.keys().next().value!)
    }
    return script
  }

  /** Output script (hex) -> the watched option paid through it (deposit addresses are unique per network). */
  watchedScripts(watches: readonly PaymentWatch[]): Map<string, string> {
    const byScript = new Map<string, string>()
    for (const watch of watches) {
      const script = watch.depositAddress ? this.scriptOf(watch.depositAddress) : null
      if (script) byScript.set(script, watch.optionId)
    }
    return byScript
  }
}
