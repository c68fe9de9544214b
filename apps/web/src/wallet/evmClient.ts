import { createPublicClient, http, type PublicClient } from 'viem'

const clients = new Map<string, PublicClient>()

/**
 * One viem client per RPC URL, its requests batched: calls made in the same tick (every balance
 * of a network) leave as one JSON-RPC batch, one HTTP request.
 */
export function evmClient(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl)
  if (!client) {
    client = createPublicClient({ transport: http(rpcUrl, { batch: { wait: 0 }, retryCount: 0, timeout: 5000 }) })
    clients.set(rpcUrl, client)
  }
  return client
}
