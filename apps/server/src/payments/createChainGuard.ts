import { type PaymentChainReader, ChainMismatchError } from '@paylink/chains/server'
import type { Db } from '../db/openDatabase.js'
import { recordChainIdentity } from './recordChainIdentity.js'

export interface CreateChainGuardParameters {
  db: Db
  caipNetworkId: string
  chain: PaymentChainReader
  /** Told once, when the network halts. */
  onHalt?: (caipNetworkId: string, reason: string) => void
}

export interface ChainGuard {
  /** When the chain last proved to be the recorded one; 0: not yet in this process. */
  readonly checkedAt: number
  /** Set once the chain proved to be another: the tracker reads and writes nothing for it after. */
  readonly haltReason: string | null
  /** Compares an identity just read with the recorded one (recording it on first use); throws ChainMismatchError if it differs. */
  check(identity: string): Promise<void>
  /** Reads the identity and checks it. */
  confirm(): Promise<void>
  /** Runs one step of the tracker for this network unless halted; a ChainMismatchError halts the network instead of failing. */
  run(step: () => Promise<void>): Promise<void>
}

/**
 * One network's trust in its chain: whether the endpoint still serves the chain recorded on
 * first use, and the halt when it does not (or when the chain's history changed deeper than a
 * reorg may). A halt lasts for the life of the process and says why in one plain sentence.
 */
export function createChainGuard({ db, caipNetworkId, chain, onHalt }: CreateChainGuardParameters): ChainGuard {
  let checkedAt = 0
  let haltReason: string | null = null

  const check = async (identity: string) => {
    const recorded = await recordChainIdentity(db, caipNetworkId, identity)
    if (!recorded.same) {
      throw new ChainMismatchError(
        `${caipNetworkId} is not the chain recorded on ${recorded.recordedAt.toISOString()}: its RPC now answers ${identity}, recorded ${recorded.recorded}.`,
      )
    }
    checkedAt = Date.now()
  }

  return {
    get checkedAt() {
      return checkedAt
    },
    get haltReason() {
      return haltReason
    },
    check,
    confirm: async () => check(await chain.readIdentity()),
    async run(step) {
      if (haltReason !== null) return
      try {
        await step()
      } catch (error) {
        if (!(error instanceof ChainMismatchError)) throw error
        if (haltReason !== null) return
        haltReason = `${error.shortMessage} Tracking of this network stopped and no payment on it was changed; point its RPC at the recorded chain (or start on a fresh database if the chain was reset on purpose) and restart.`
        onHalt?.(caipNetworkId, haltReason)
      }
    },
  }
}
