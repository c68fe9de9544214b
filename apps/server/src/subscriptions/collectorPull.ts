import { PAYLINK_COLLECTOR_ADDRESS, collectorAbi } from '@paylink/chains/eip155/core'
import type { ChainEndpoint } from '@paylink/chains/server'
import { createEvmRpcClient } from '@paylink/chains/eip155/server'
import {
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  keccak256,
  TransactionReceiptNotFoundError,
  parseTransaction,
  type Hex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'

/** One pull's terms, as the subscription's row and plan give them. */
export interface PullRequest {
  caipNetworkId: string
  collectorId: Hex
  to: Hex
  amount: bigint
}

export type PullCheck = { ok: true } | { ok: false; reason: string; notDueYet: boolean }

/**
 * The collector key (gas only: the contract sends funds to the merchant alone) and the RPC of
 * each EVM network it pulls on.
 */
export interface Collector {
  address: Hex
  /** Would the contract take this pull now? A refusal says why (allowance revoked, balance short, canceled…). */
  check(request: PullRequest): Promise<PullCheck>
  /** Signs the pull (not sent): the caller records it before sending, see `send`. */
  sign(request: PullRequest): Promise<{ raw: Hex; hash: Hex }>
  /** Sends signed bytes (again, after a crash: the same nonce cannot be mined twice) and waits for the outcome. */
  send(
    caipNetworkId: string,
    raw: Hex,
    timeoutMs: number,
  ): Promise<{ status: 'success' | 'reverted' } | { status: 'dropped' } | { status: 'unknown' }>
}

export interface CollectorOptions {
  /** The network's endpoints, as the tracker reads them; null: no such EVM network. */
  endpointOf(caipNetworkId: string): ChainEndpoint | null
  /** Per RPC request (default 5000 ms); the pool retries and fails over within its budget. */
  timeoutMs?: number
}

/**
 * Reads, signs against and sends through the network's endpoint pool (createEvmRpcClient, as the
 * tracker's EVM reads): a provider that times out, limits or fails is retried and failed over,
 * and what still fails is thrown, never taken for the contract's answer.
 */
export function createCollector(privateKey: Hex, { endpointOf, timeoutMs = 5000 }: CollectorOptions): Collector {
  const account: PrivateKeyAccount = privateKeyToAccount(privateKey)
  const clients = new Map<string, PublicClient>()
  const clientOf = (caipNetworkId: string): PublicClient => {
    let client = clients.get(caipNetworkId)
    if (!client) {
      const endpoint = endpointOf(caipNetworkId)
      if (!endpoint) throw new Error(`no RPC for ${caipNetworkId}`)
      client = createEvmRpcClient({ ...endpoint, timeoutMs })
      clients.set(caipNetworkId, client)
    }
    return client
  }
  const call = (request: PullRequest) =>
    ({
      address: PAYLINK_COLLECTOR_ADDRESS,
      abi: collectorAbi,
      functionName: 'collect',
      args: [request.collectorId, request.to, request.amount],
    }) as const
  return {
    address: account.address,
    async check(request) {
      try {
        await clientOf(request.caipNetworkId).simulateContract({ ...call(request), account: account.address })
        return { ok: true }
      } catch (error) {
        // Only the contract's refusal is an answer: a revert that carries the contract's reason.
        // An RPC that timed out, limited or failed says nothing about the payer's allowance (and
        // viem reads a node's bare -32603 "internal error" as a revert without data): thrown, so
        // the scheduler tries the pull again next round instead of sending the payer a renewal
        // link because a provider blinked.
        const revert = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null
        if (!(revert instanceof ContractFunctionRevertedError) || (!revert.reason && !revert.data)) throw error
        const reason = revert.reason ?? revert.shortMessage
        return { ok: false, reason: reason.slice(0, 500), notDueYet: /period not due/.test(reason) }
      }
    },
    async sign(request) {
      const prepared = await clientOf(request.caipNetworkId).prepareTransactionRequest({
        account,
        chain: null,
        to: PAYLINK_COLLECTOR_ADDRESS,
        data: encodeFunctionData(call(request)),
      })
      const raw = await account.signTransaction(prepared as Parameters<PrivateKeyAccount['signTransaction']>[0])
      return { raw, hash: keccak256(raw) }
    },
    async send(caipNetworkId, raw, timeoutMs) {
      const client = clientOf(caipNetworkId)
      const hash = keccak256(raw)
      try {
        await client.sendRawTransaction({ serializedTransaction: raw })
      } catch {
        // Already known, already mined (nonce too low), or the provider failed: the receipt below tells which.
      }
      try {
        const receipt = await client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 100 })
        return { status: receipt.status }
      } catch {
        const nonce = parseTransaction(raw).nonce ?? 0
        const mined = await client.getTransactionCount({ address: account.address, blockTag: 'latest' })
        // The account moved past this nonce. Mined, or never will be: only a receipt the node
        // says does not exist is "dropped"; a provider's failure to answer is thrown (retried).
        if (mined > nonce) {
          try {
            return { status: (await client.getTransactionReceipt({ hash })).status }
          } catch (error) {
            if (error instanceof TransactionReceiptNotFoundError) return { status: 'dropped' }
            throw error
          }
        }
        return { status: 'unknown' }
      }
    },
  }
}
