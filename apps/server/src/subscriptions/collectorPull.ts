import { PAYLINK_COLLECTOR_ADDRESS, collectorAbi } from '@paylink/chains/eip155/core'
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  keccak256,
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

export function createCollector(privateKey: Hex, rpcUrlOf: (caipNetworkId: string) => string | null): Collector {
  const account: PrivateKeyAccount = privateKeyToAccount(privateKey)
  const clients = new Map<string, PublicClient>()
  const clientOf = (caipNetworkId: string): PublicClient => {
    const rpcUrl = rpcUrlOf(caipNetworkId)
    if (!rpcUrl) throw new Error(`no RPC for ${caipNetworkId}`)
    let client = clients.get(caipNetworkId)
    if (!client) {
      client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 100 })
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
        // Only the contract's refusal is an answer. An RPC that timed out, limited or failed says
        // nothing about the payer's allowance: thrown, so the scheduler tries the pull again next
        // round instead of sending the payer a renewal link because a provider blinked.
        const revert = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null
        if (!(revert instanceof ContractFunctionRevertedError)) throw error
        const reason = revert.reason ?? revert.shortMessage
        return { ok: false, reason: reason.slice(0, 500), notDueYet: /period not due/.test(reason) }
      }
    },
    async sign(request) {
      const wallet = createWalletClient({ account, transport: http(rpcUrlOf(request.caipNetworkId)!) })
      const prepared = await wallet.prepareTransactionRequest({
        chain: null,
        to: PAYLINK_COLLECTOR_ADDRESS,
        data: encodeFunctionData(call(request)),
      })
      const raw = await wallet.signTransaction(prepared)
      return { raw, hash: keccak256(raw) }
    },
    async send(caipNetworkId, raw, timeoutMs) {
      const client = clientOf(caipNetworkId)
      const hash = keccak256(raw)
      try {
        await client.sendRawTransaction({ serializedTransaction: raw })
      } catch {
        // Already known, or already mined (nonce too low): the receipt below tells which.
      }
      try {
        const receipt = await client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 100 })
        return { status: receipt.status }
      } catch {
        const nonce = parseTransaction(raw).nonce ?? 0
        const mined = await client.getTransactionCount({ address: account.address, blockTag: 'latest' })
        // The account moved past this nonce without this transaction: it never will be mined.
        if (mined > nonce) {
          const receipt = await client.getTransactionReceipt({ hash }).catch(() => null)
          return receipt ? { status: receipt.status } : { status: 'dropped' }
        }
        return { status: 'unknown' }
      }
    },
  }
}
