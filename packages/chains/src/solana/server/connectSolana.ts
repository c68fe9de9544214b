import { ChainReadError } from '../../serverFace/errors.js'
import type {
  BlockRef,
  ChainEndpoint,
  ConnectChainOptions,
  FindPaymentsParameters,
  FindPaymentsReturnType,
  PaymentChainReader,
  PaymentExpectation,
  PaymentFinding,
  PaymentSighting,
  ReadEvidenceReturnType,
} from '../../serverFace/chainFamily.js'
import { createJsonRpc, type JsonRpcAnswer, type JsonRpcCall } from '../../serverFace/createJsonRpc.js'
import { findAssociatedTokenAddress } from './findAssociatedTokenAddress.js'
import { matchSolanaTransfers, type ParsedSolanaTransaction } from './matchSolanaTransfers.js'

/** getSignatureStatuses takes at most this many signatures per call. */
const statusesPerCall = 256
/** Calls per JSON-RPC batch when many transactions are read at once (a first poll of a busy address). */
const callsPerBatch = 250
/** getSignaturesForAddress returns at most this many (and this many on an address's first poll). */
const signaturesPerAddress = 1000
/** A submitted transaction not yet on the chain is looked for on each pass for this long (longer than the blockhash's ~60-90 s life). */
const submittedWatchMs = 15 * 60_000
const submittedWatchMax = 10_000

/** A slot stands for its block: on a Solana cluster a slot holds at most one block of the chain. */
export function slotBlockHash(slot: bigint): string {
  return `slot:${slot}`
}

interface SignatureStatus {
  slot: number
  err: unknown
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null
}

/**
 * The tracker's reader for a Solana cluster (JSON-RPC over fetch).
 *
 * Commitment: the head it reports is the `finalized` slot, and a transaction counts as in a
 * block once it is `confirmed` (never while only `processed`: that block may still be
 * skipped). So a payment found at `confirmed` shows "confirming" (confirmations
 * `head - slot + 1` <= 0) until the cluster finalizes its slot, and one confirmation means
 * finalized; a network's `confirmations` N asks for N-1 finalized slots after it.
 *
 * Finding payments nobody submitted: the open options' Solana Pay references are matched
 * against the new transactions of the accounts that receive them (the recipient for SOL, its
 * associated token account for a token), grouped, so a polling round is one batch of
 * getSignaturesForAddress (one call per distinct receiving account) and one batch of
 * getTransaction (the new transactions), however many links are open.
 */
export function connectSolana(endpoint: ChainEndpoint, options: ConnectChainOptions): PaymentChainReader {
  const rpc = createJsonRpc(endpoint, options)
  const { rpcUrl } = endpoint
  /** Per receiving account, the newest signature already read (getSignaturesForAddress `until`). */
  const newestSeen = new Map<string, string>()
  /** Transactions asked about (unmatched) that were not in a confirmed block yet, and since when. */
  const submitted = new Map<string, number>()
  const blockTimes = new Map<bigint, bigint>()
  const atas = new Map<string, string>()

  const receivingAccount = (recipient: string, mint: string | null) => {
    if (mint === null) return recipient
    const key = `${recipient}/${mint}`
    let ata = atas.get(key)
    if (ata === undefined) {
      ata = findAssociatedTokenAddress(recipient, mint)
      atas.set(key, ata)
    }
    return ata
  }

  const batches = async (calls: JsonRpcCall[]): Promise<JsonRpcAnswer[]> => {
    const answers: JsonRpcAnswer[] = []
    for (let i = 0; i < calls.length; i += callsPerBatch)
      answers.push(...(await rpc.batch(calls.slice(i, i + callsPerBatch))))
    return answers
  }

  const getTransaction = (signature: string): JsonRpcCall => ({
    method: 'getTransaction',
    params: [signature, { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
  })

  const readFinalizedSlot = async () => slotOf(await rpc.call('getSlot', [{ commitment: 'finalized' }]), rpcUrl)

  const rememberBlockTime = (transaction: ParsedSolanaTransaction) => {
    if (typeof transaction.blockTime === 'number')
      blockTimes.set(BigInt(transaction.slot), BigInt(transaction.blockTime))
    if (blockTimes.size > 5000) blockTimes.delete(blockTimes.keys().next().value!)
  }

  const findPayments = async ({
    head,
    cursor,
    heights,
    watches,
  }: FindPaymentsParameters): Promise<FindPaymentsReturnType> => {
    // Which reference pays which option, and where each option's money arrives.
    const optionsByReference = new Map<string, string[]>()
    const accounts = new Set<string>()
    for (const watch of watches) {
      if (watch.reference === null) continue
      optionsByReference.set(watch.reference, [...(optionsByReference.get(watch.reference) ?? []), watch.optionId])
      try {
        accounts.add(receivingAccount(watch.recipient, watch.tokenAddress))
      } catch {
        // A recipient or mint that is no public key was refused when the link was made; nothing to poll.
      }
    }
    const addresses = [...accounts]
    // Each account's new signatures, newest first: page on with `before` while a page comes back
    // full and a last-read signature bounds the list (a busy account's 1,001st new signature is
    // not lost); an account's first poll reads one page only, not its whole history.
    const listed = new Map<string, string[]>(addresses.map((address) => [address, []]))
    let pending = addresses.map((address) => ({ address, before: undefined as string | undefined }))
    while (pending.length) {
      const lists = await rpc.batch(
        pending.map(({ address, before }) => {
          const until = newestSeen.get(address)
          return {
            method: 'getSignaturesForAddress',
            params: [
              address,
              {
                commitment: 'confirmed',
                limit: signaturesPerAddress,
                ...(until ? { until } : {}),
                ...(before ? { before } : {}),
              },
            ],
          }
        }),
      )
      const next: typeof pending = []
      for (const [i, answer] of lists.entries()) {
        if (!answer.ok)
          throw new ChainReadError(`${rpcUrl} refused getSignaturesForAddress`, { details: answer.message })
        if (!Array.isArray(answer.result))
          throw new ChainReadError(`${rpcUrl} gave no signature list for getSignaturesForAddress`)
        const signatures = (answer.result as Array<{ signature?: unknown }>)
          .map((entry) => entry.signature)
          .filter((s): s is string => typeof s === 'string')
        const address = pending[i]!.address
        listed.get(address)!.push(...signatures)
        if (signatures.length >= signaturesPerAddress && newestSeen.has(address))
          next.push({ address, before: signatures.at(-1)! })
      }
      pending = next
    }
    const unique = [...new Set([...listed.values()].flat())]
    const transactions = await batches(unique.map(getTransaction))
    const sightings: PaymentSighting[] = []
    const unread = new Set<string>()
    for (const [i, answer] of transactions.entries()) {
      // A failed or null answer (a node behind the one that listed the signature) is read again next pass.
      if (!answer.ok || !answer.result) {
        unread.add(unique[i]!)
        continue
      }
      const transaction = answer.result as ParsedSolanaTransaction
      rememberBlockTime(transaction)
      for (const key of transaction.transaction?.message?.accountKeys ?? []) {
        for (const optionId of optionsByReference.get(key.pubkey) ?? [])
          sightings.push({ transactionId: unique[i]!, optionId })
      }
    }
    // An account's marker moves only up to just below its oldest unread signature, so that one is
    // listed again; the newer ones read now are sighted again too, which the tracker takes once.
    for (const [address, signatures] of listed) {
      let oldestUnread = signatures.length - 1
      while (oldestUnread >= 0 && !unread.has(signatures[oldestUnread]!)) oldestUnread--
      if (oldestUnread === -1) {
        if (signatures.length) newestSeen.set(address, signatures[0]!)
      } else if (oldestUnread + 1 < signatures.length) newestSeen.set(address, signatures[oldestUnread + 1]!)
    }

    // Submitted transactions not on the chain yet when last read: matched again each pass, so
    // one is seen within a slot or two of its confirmation rather than at the periodic re-check.
    const now = Date.now()
    for (const [signature, since] of submitted) if (now - since > submittedWatchMs) submitted.delete(signature)

    const blocks = new Map<bigint, BlockRef | null>()
    // The block at a height above the head (the finalized slot) is not settled: null, so the
    // tracker reads those payments' transactions again instead of counting on them.
    for (const height of [...heights, head])
      blocks.set(
        height,
        height <= head
          ? { number: height, hash: slotBlockHash(height), timestamp: blockTimes.get(height) ?? 0n }
          : null,
      )
    return {
      kind: 'scanned',
      cursor: { number: head > cursor.number ? head : cursor.number, hashes: new Map([[head, slotBlockHash(head)]]) },
      blocks,
      transactionIds: [...unique, ...submitted.keys()],
      sightings,
      rewound: false,
    }
  }

  const readEvidence = async (expectations: readonly PaymentExpectation[]): Promise<ReadEvidenceReturnType> => {
    const signatures = [...new Set(expectations.map((e) => e.transactionId))]
    const unmatched = [...new Set(expectations.filter((e) => e.options !== null).map((e) => e.transactionId))]
    const statusCalls: JsonRpcCall[] = []
    for (let i = 0; i < signatures.length; i += statusesPerCall) {
      statusCalls.push({
        method: 'getSignatureStatuses',
        params: [signatures.slice(i, i + statusesPerCall), { searchTransactionHistory: true }],
      })
    }
    // The finalized slot first, the statuses after it: a status read later is never older than the head.
    const answers = await batches([
      { method: 'getSlot', params: [{ commitment: 'finalized' }] },
      ...statusCalls,
      ...unmatched.map(getTransaction),
    ])
    const [slotAnswer, ...rest] = answers
    if (!slotAnswer!.ok) throw new ChainReadError(`${rpcUrl} refused getSlot`, { details: slotAnswer!.message })
    let head = slotOf(slotAnswer!.result, rpcUrl)
    const statusOf = new Map<string, SignatureStatus | null>()
    for (const [i, answer] of rest.slice(0, statusCalls.length).entries()) {
      if (!answer.ok) throw new ChainReadError(`${rpcUrl} refused getSignatureStatuses`, { details: answer.message })
      const value = (answer.result as { value?: unknown } | null)?.value
      if (!Array.isArray(value)) throw new ChainReadError(`${rpcUrl} gave no statuses for getSignatureStatuses`)
      const chunk = signatures.slice(i * statusesPerCall, (i + 1) * statusesPerCall)
      for (const [j, signature] of chunk.entries())
        statusOf.set(signature, (value[j] as SignatureStatus | null) ?? null)
    }
    const transactionOf = new Map<string, ParsedSolanaTransaction | null>()
    for (const [i, answer] of rest.slice(statusCalls.length).entries()) {
      const transaction = answer.ok ? ((answer.result as ParsedSolanaTransaction | null) ?? null) : null
      if (transaction) rememberBlockTime(transaction)
      transactionOf.set(unmatched[i]!, transaction)
    }
    // A transaction still only `confirmed` in a slot the finalized head has passed is on its
    // way there (or on a fork the cluster left): the head is kept below it until its status says finalized.
    for (const status of statusOf.values()) {
      if (status?.confirmationStatus === 'confirmed' && BigInt(status.slot) <= head) head = BigInt(status.slot) - 1n
    }

    const findings = expectations.map((expectation): PaymentFinding => {
      const status = statusOf.get(expectation.transactionId) ?? null
      const included =
        status !== null && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')
      if (expectation.options !== null) {
        if (included) submitted.delete(expectation.transactionId)
        else if (submitted.size < submittedWatchMax && !submitted.has(expectation.transactionId))
          submitted.set(expectation.transactionId, Date.now())
      }
      if (!included) return { known: status !== null, inclusion: null, block: null, match: null }
      const slot = BigInt(status.slot)
      const transaction = transactionOf.get(expectation.transactionId) ?? null
      const hash = slotBlockHash(slot)
      const timestamp = transaction?.blockTime != null ? BigInt(transaction.blockTime) : (blockTimes.get(slot) ?? 0n)
      let match: PaymentFinding['match'] = null
      if (expectation.options !== null) {
        if (status.err !== null && status.err !== undefined) match = { ok: false, reason: 'tx_reverted' }
        else if (transaction) match = matchSolanaTransfers(transaction, expectation.options)
      }
      return {
        known: true,
        inclusion: { blockNumber: slot, blockHash: hash, success: status.err === null || status.err === undefined },
        block: { hash, timestamp },
        match,
      }
    })
    return { head, findings }
  }

  return {
    readHead: readFinalizedSlot,
    async readIdentity() {
      const hash = await rpc.call('getGenesisHash', [])
      if (typeof hash === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(hash)) return `genesis ${hash}`
      throw new ChainReadError(`${rpcUrl} gave no genesis hash for getGenesisHash`)
    },
    findPayments,
    readEvidence,
    endpointInUse: rpc.endpointInUse,
  }
}

function slotOf(result: unknown, rpcUrl: string): bigint {
  if (typeof result === 'number' && Number.isSafeInteger(result) && result >= 0) return BigInt(result)
  throw new ChainReadError(`${rpcUrl} gave no slot for getSlot`)
}
