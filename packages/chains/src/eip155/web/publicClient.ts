import type { ChainNetwork } from '../../chainShapes.js'
import { createPublicClient, http, type PublicClient } from 'viem'

const clients = new Map<string, PublicClient>()

/**
 * The one viem client per configured RPC URL for reads the wallet does not do itself (fees,
 * receipts, balances, heads). Calls made in the same tick (every balance of a network) leave as
 * one JSON-RPC batch, one HTTP request. No retries and a 5 s timeout: a dead RPC shows as an
 * error within seconds, never as a long wait or a zero.
 */
export function publicClientFor(network: Pick<ChainNetwork, 'rpcUrl'>): PublicClient {
  let client = clients.get(network.rpcUrl)
  if (!client) {
    client = createPublicClient({
      transport: http(network.rpcUrl, { batch: { wait: 0 }, retryCount: 0, timeout: 5000 }),
    })
    clients.set(network.rpcUrl, client)
  }
  return client
}
