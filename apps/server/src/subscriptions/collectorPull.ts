import { PAYLINK_COLLECTOR_ADDRESS, collectorAbi } from '@paylink/chains/eip155/core'
import type { ChainEndpoint, Collector, PullRequest } from '@paylink/chains/server'
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

/** The collectors by chain family (CAIP-2 namespace): `eip155` the contract's, `solana` the SPL delegate. */
export type Collectors = Readonly<Partial<Record<string, Collector>>>

export const collectorFor = (collectors: Collectors, caipNetworkId: string): Collector | null =>
  collectors[caipNetworkId.split(':')[0]!] ?? null

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
      args: [request.collectorId as Hex, request.to as Hex, request.amount],
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
      const hash = keccak256(raw as Hex)
      try {
        await client.sendRawTransaction({ serializedTransaction: raw as Hex })
      } catch {
        // Already known, already mined (nonce too low), or the provider failed: the receipt below tells which.
      }
      try {
        const receipt = await client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 100 })
        return { status: receipt.status }
      } catch {
        const nonce = parseTransaction(raw as Hex).nonce ?? 0
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
