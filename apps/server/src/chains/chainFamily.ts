/**
 * The one contract between the payment tracker (payments/) and a chain family (eip155/,
 * solana/, bip122/). The tracker holds the database and the payment rules; a family reads its
 * chain and turns what it reads into the plain findings below. Families never import the
 * database, and the tracker never names a family.
 */

/** Which network, read through which endpoint (JSON-RPC URL, or an Esplora base URL). */
export interface ChainEndpoint {
  caipNetworkId: string
  rpcUrl: string
}

export interface ReadChainOptions {
  /** Each read gives up after this long with a ChainReadError. */
  timeoutMs: number
}

export interface ConnectChainOptions extends ReadChainOptions {
  /** Called once per HTTP request (a batch counts once): lets callers measure RPC load. */
  onHttpRequest?: () => void
}

/** A block of the canonical chain as the tracker needs it. `timestamp` is in seconds. */
export interface BlockRef {
  number: bigint
  hash: string
  timestamp: bigint
}

/** Where a tracker process is on one network's chain (in memory: a restart re-checks instead). */
export interface ChainCursor {
  /** The last block scanned. */
  number: bigint
  /** Hashes of the last scanned blocks: a reorg shows as a mismatch; the newest match is where scanning resumes. */
  hashes: Map<bigint, string>
}

export interface FindPaymentsParameters {
  head: bigint
  cursor: ChainCursor
  /** Heights whose canonical blocks the tracker needs besides the new ones (its payments already in a block). */
  heights: readonly bigint[]
  /** At most this many new blocks per call (one batch when catching up). */
  maxBlocks: number
  /** Reorgs up to this many blocks deep are followed; a change deeper than that is no reorg to follow. */
  reorgDepthLimit: number
}

export type FindPaymentsReturnType =
  | {
      kind: 'scanned'
      cursor: ChainCursor
      /** The canonical block at every height read (null above the head). */
      blocks: ReadonlyMap<bigint, BlockRef | null>
      /** Transactions in the new blocks: the tracker matches them against its pending payments. */
      transactionIds: string[]
      /** The cursor's block was replaced (a reorg, or another chain): the tracker confirms the chain's identity before it acts. */
      rewound: boolean
    }
  /** None of the remembered blocks is on the chain any more: not a reorg the tracker may follow. */
  | { kind: 'changed'; reason: string }

/** One of a link's options on the payment's network, as the family matches transfers against it. */
export interface ExpectedOption {
  id: string
  /** The token's address or mint; null for the native coin. */
  tokenAddress: string | null
  recipient: string
}

export interface PaymentExpectation {
  transactionId: string
  /** The link's options, while the transaction is not matched yet; null: matched already, only its block matters. */
  options: readonly ExpectedOption[] | null
}

/** A transfer in the transaction that pays an option. `logIndex` -1 is the native value. */
export interface TransferCredit {
  optionId: string
  logIndex: number
  amount: bigint
  payer: string
}

export type MatchTransfersReturnType = { ok: true; credits: TransferCredit[] } | { ok: false; reason: 'tx_reverted' | 'wrong_recipient' | 'wrong_token' | 'no_transfer' }

/** What the chain says about one expected transaction, in the family's own terms turned plain. */
export interface PaymentFinding {
  /** The node knows the transaction, mined or waiting (only asked while it is unmatched: false otherwise). */
  known: boolean
  /** The block the node says holds it, and whether it succeeded; null while it is in no canonical block. */
  inclusion: { blockNumber: bigint; blockHash: string; success: boolean } | null
  /** The canonical block at the inclusion's height: a hash other than the inclusion's means mid-reorg. */
  block: { hash: string; timestamp: bigint } | null
  /** Which options it pays (expectations with options, once included); null otherwise. */
  match: MatchTransfersReturnType | null
}

export interface ReadEvidenceReturnType {
  head: bigint
  /** One per expectation, in their order (two payments may name one transaction). */
  findings: PaymentFinding[]
}

/** A connection to one network that the tracker keeps for as long as it runs. */
export interface PaymentChainReader {
  readHead(): Promise<bigint>
  /** A sentence-sized string naming this chain and no other under the same CAIP-2 id. */
  readIdentity(): Promise<string>
  /** The blocks after the cursor: what they hold and whether the remembered ones still stand. */
  findPayments(parameters: FindPaymentsParameters): Promise<FindPaymentsReturnType>
  /** Each expected transaction's state, with a number of requests that does not grow with their count. */
  readEvidence(expectations: readonly PaymentExpectation[], knownBlocks?: ReadonlyMap<bigint, Pick<BlockRef, 'hash' | 'timestamp'> | null>): Promise<ReadEvidenceReturnType>
}

/** A chain family: what every namespace can do, and what only the ones the tracker follows can. */
export interface ChainFamily {
  namespace: string
  /** The latest height (slot on Solana). */
  readHead(endpoint: ChainEndpoint, options: ReadChainOptions): Promise<bigint>
  readIdentity(endpoint: ChainEndpoint, options: ReadChainOptions): Promise<string>
  /** Present when the tracker can follow payments on this family. */
  connect?(endpoint: ChainEndpoint, options: ConnectChainOptions): PaymentChainReader
}
