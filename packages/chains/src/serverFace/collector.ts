/** One pull's terms, as the subscription's row and plan give them. */
export interface PullRequest {
  caipNetworkId: string
  /** The collector contract's bytes32 id of the subscription (EVM; a delegate ignores it). */
  collectorId: string
  /** The payer's wallet, the token (contract or mint) and its decimals. */
  payer: string
  token: string
  decimals: number
  /** The merchant's address (the option's recipient). */
  to: string
  amount: bigint
}

/** `notDueYet`: the refusal is the collector's period rule (try again later), not the payer's allowance. */
export type PullCheck = { ok: true } | { ok: false; reason: string; notDueYet: boolean }

/** How a sent pull ended: `dropped` (it can never land, sign another) and `unknown` (ask again later). */
export type PullOutcome = { status: 'success' | 'reverted' } | { status: 'dropped' } | { status: 'unknown' }

/**
 * An automatic renewal's collector on one chain family: a key that only pays gas (funds go from
 * the payer to the merchant alone) and the RPC of each network of its family it pulls on.
 */
export interface Collector {
  address: string
  /** Would the chain take this pull now? A refusal says why (allowance revoked, balance short, canceled…). */
  check(request: PullRequest): Promise<PullCheck>
  /** Signs the pull (not sent): the caller records it before sending, see `send`. */
  sign(request: PullRequest): Promise<{ raw: string; hash: string }>
  /** Sends signed bytes (again, after a crash: one signed pull lands once) and waits for the outcome. */
  send(caipNetworkId: string, raw: string, timeoutMs: number): Promise<PullOutcome>
}
