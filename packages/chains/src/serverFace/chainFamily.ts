import type { ChainNetwork } from '../chainShapes.js'
import type { DevnetFaucet, DevnetHandle, DevnetUpstreams } from './devnetFaucet.js'
import type { RetryReadOptions } from './createEndpointPool.js'

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
  /**
   * Every endpoint of the network in order of preference (a paid provider, then a public one);
   * absent: `rpcUrl` alone. Readers go to the next one when one fails (createEndpointPool).
   */
  rpcUrls?: readonly string[]
}

export interface ReadChainOptions {
  /** Each read gives up after this long with a ChainReadError. */
  timeoutMs: number
}

export interface ConnectChainOptions extends ReadChainOptions {
  /** Called once per HTTP request (a batch counts once): lets callers measure RPC load. */
  onHttpRequest?: () => void
  /** How a failed request is tried again, on the same endpoint or the next. */
  retry?: RetryReadOptions
  /** Told once per switch of the endpoint in use (the operator's log line). */
  onEndpointSwitch?: (from: string, to: string, reason: string) => void
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
  /**
   * The open options on this network a payer can pay without telling us the transaction (a
   * deposit address, a Solana Pay reference). The family reports transactions that pay one as
   * `sightings`, with a number of requests that does not grow with the count of watches.
   */
  watches: readonly PaymentWatch[]
}

/** An open option whose payments the family finds by itself (no transaction submitted). */
export interface PaymentWatch {
  optionId: string
  linkId: string
  /** The token's address or mint; null for the native coin. */
  tokenAddress: string | null
  /** The merchant's receiving address. */
  recipient: string
  /** This option's own receiving address (EVM forwarder, Bitcoin derived address), or null. */
  depositAddress: string | null
  /** A Solana Pay reference key the payer's transaction carries, or null. */
  reference: string | null
  /**
   * Only its mined transactions matter (the server's unmatched-payment watches): a reader spends
   * no per-address unconfirmed read on it (Bitcoin's mempool rotation), so the open links' own
   * addresses keep being looked at as often as before.
   */
  minedOnly?: boolean
}

/** A transaction that pays (or may pay) a watched option: the tracker records it as a payment and matches it as usual. */
export interface PaymentSighting {
  transactionId: string
  optionId: string
}

export type FindPaymentsReturnType =
  | {
      kind: 'scanned'
      cursor: ChainCursor
      /** The canonical block at every height read (null above the head). */
      blocks: ReadonlyMap<bigint, BlockRef | null>
      /** Transactions in the new blocks: the tracker matches them against its pending payments. */
      transactionIds: string[]
      /** Transactions that pay a watched option (in a new block, or waiting in the mempool where the family sees it). */
      sightings: PaymentSighting[]
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
  /** The option's own receiving address: a transfer to it pays the option like one to `recipient`. */
  depositAddress?: string | null
  /** The Solana Pay reference the option was offered with, or null. */
  reference?: string | null
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

export type MatchTransfersReturnType =
  | { ok: true; credits: TransferCredit[] }
  | { ok: false; reason: 'tx_reverted' | 'wrong_recipient' | 'wrong_token' | 'no_transfer' }

/** What the chain says about one expected transaction, in the family's own terms turned plain. */
export interface PaymentFinding {
  /** The node knows the transaction, mined or waiting (only asked while it is unmatched: false otherwise). */
  known: boolean
  /**
   * Known and waiting to be mined, from a family that reads what unmined transactions pay (a
   * Bitcoin mempool: its outputs are final once broadcast, a replacement is another txid). Such
   * a finding carries `match` too while unmatched: the payment shows as confirming 0/N, never
   * counted. Absent on families that cannot tell (an EVM node's pending pool is not read).
   */
  unmined?: boolean
  /** The block the node says holds it, and whether it succeeded; null while it is in no canonical block. */
  inclusion: { blockNumber: bigint; blockHash: string; success: boolean } | null
  /** The canonical block at the inclusion's height: a hash other than the inclusion's means mid-reorg. */
  block: { hash: string; timestamp: bigint } | null
  /** Which options it pays (expectations with options, once included or `unmined`); null otherwise. */
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
  /**
   * Optional: transactions waiting to be mined that pay a watched option (a Bitcoin mempool), for
   * the passes without a new block; bounded requests whatever the count of watches.
   */
  sightPending?(watches: readonly PaymentWatch[]): Promise<PaymentSighting[]>
  /**
   * Optional (families whose transactions spend addresses' coins: Bitcoin): the addresses of the
   * outputs a transaction spends, one per input in order ('' for an input with no address, such as
   * a coinbase); null when the node does not know the transaction. Who may speak for a payment.
   */
  readInputAddresses?(transactionId: string): Promise<string[] | null>
  /**
   * How much of a token exists now (an ERC-20's `totalSupply`, in its smallest unit): a link asking
   * for more could never be paid. Absent where the family has no such read.
   */
  readTokenSupply?(tokenAddress: string): Promise<bigint>
  /** Each expected transaction's state, with a number of requests that does not grow with their count. */
  readEvidence(
    expectations: readonly PaymentExpectation[],
    knownBlocks?: ReadonlyMap<bigint, Pick<BlockRef, 'hash' | 'timestamp'> | null>,
  ): Promise<ReadEvidenceReturnType>
  /** The endpoint the next read goes to first (of `rpcUrls`, after failures): what /api/health names. */
  endpointInUse?(): string
}

/** One option of a new link, as the family turns it into what is stored (see `prepareOption`). */
export interface PrepareOptionParameters {
  caipNetworkId: string
  /** The option's network as configured (EVM: whether the deposit factory is deployed there). */
  network?: ChainNetwork
  /** The asset's reference (token contract, mint) as configured; null for the native coin. */
  tokenReference: string | null
  /** The caller's `recipient`, as given (unchecked); undefined: the merchant's default. */
  recipient: string | undefined
  /** The signed-in merchant: its own account is the default recipient on its namespace. */
  merchant: { id: string; namespace: string; address: string }
  /** The new option's id (unique, never reused): a seed for per-option addresses. */
  optionId: string
  /**
   * Stored per merchant, per family (the Bitcoin watch-only key): null when none is saved.
   * Read inside the link's transaction.
   */
  savedKey: string | null
  /** The next unused index under a key (a derivation counter), taken inside the link's transaction. */
  allocateIndex(key: string): Promise<number>
}

/** What an option is stored with; `warning` is returned to the API caller (a plain address on Bitcoin, say). */
export interface PreparedOption {
  recipient: string
  /** Lowercase for EVM contracts; the mint as is on Solana; null for the native coin. */
  tokenAddress: string | null
  depositAddress: string | null
  reference: string | null
  warning?: string
}

/** A sign-in message and its signature, as the family's verifier checks them. */
export interface VerifySignatureParameters {
  /** The message text exactly as signed. */
  message: string
  address: string
  signature: string
  /** The message's CAIP-2 network: a family may check the address belongs to it. */
  chainId: string
  /** The network's RPC (EVM: smart accounts are checked on chain). */
  rpcUrl: string
  /** Expiration and not-before are judged at this time. */
  time: Date
}

/** Who sends a refund of a payment on this family, and where it must go. */
export interface RefundRules {
  /**
   * The address a refund must come from, as the family's reader reports payers, given the option's
   * recipient; null: not checked (a Bitcoin watch-only key spends from many addresses).
   */
  sender(optionRecipient: string): string | null
  /**
   * Where the refund must go: the payer, or (families whose payments have no single sending address)
   * the address the merchant or the payer named, checked (RequestValidationError naming
   * `body.refundAddress`). null: an address was named where refunds go back to the payer.
   */
  recipient(payer: string, refundAddress: string | undefined): string | null
}

/** A merchant's saved receiving key (a watch-only key a family derives per-option addresses from). */
export interface ReceivingKeyRules {
  /**
   * Checks a key the merchant gives (RequestValidationError naming `field`, SPENDING_KEY_REFUSED for
   * private material) and gives the canonical text that is stored.
   */
  canonical(input: string, field: string): string
  /** A stored key read back: what the API shows of it, and where its derivation counter is kept. */
  read(stored: string): SavedReceivingKey
}

export interface SavedReceivingKey {
  /** P2WPKH (native segwit) or P2TR (taproot key path). */
  script: 'wpkh' | 'tr'
  /** Bitcoin mainnet, or the test networks (testnet, signet, regtest). */
  networkKind: 'mainnet' | 'test'
  /** The derivation counter's key: the same key saved again continues where it was. */
  counterKey: string
  /** The address the key gives at `index` on each of these networks it is for. */
  addressesAt(index: number, caipNetworkIds: readonly string[]): Array<{ caipNetworkId: string; address: string }>
}

/** A chain family: what every namespace can do, and what only the ones the tracker follows can. */
export interface ChainFamily {
  namespace: string
  /** The latest height (slot on Solana). */
  readHead(endpoint: ChainEndpoint, options: ReadChainOptions): Promise<bigint>
  readIdentity(endpoint: ChainEndpoint, options: ReadChainOptions): Promise<string>
  /** Present when the tracker can follow payments on this family. */
  connect?(endpoint: ChainEndpoint, options: ConnectChainOptions): PaymentChainReader
  /**
   * Present when links can be priced on this family: checks the option's recipient and asset
   * (ValidationError / RequestValidationError naming the field as `field`) and gives what is stored.
   */
  prepareOption?(parameters: PrepareOptionParameters, field: string): Promise<PreparedOption>
  /** True when `signature` is `address` signing the sign-in `message`, by the family's scheme. */
  verifySignature(parameters: VerifySignatureParameters): Promise<boolean>
  /** Present when payments on this family can be refunded from the merchant's own wallet. */
  refunds?: RefundRules
  /** Present when a merchant saves a receiving key on this family (Bitcoin's watch-only key). */
  receivingKeys?: ReceivingKeyRules
  /** Demo only: the family's faucet on the devnet, or null when the devnet runs without this family. */
  devnetFaucet?(devnet: DevnetHandle, upstreams: DevnetUpstreams): DevnetFaucet | null
}
