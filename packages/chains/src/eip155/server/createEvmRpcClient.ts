import { createPublicClient, custom, type PublicClient } from 'viem'
import type { ConnectChainOptions } from '../../serverFace/chainFamily.js'
import { createJsonRpc, JsonRpcCallError } from '../../serverFace/createJsonRpc.js'

export interface CreateEvmRpcClientParameters {
  rpcUrl: string
  /** Every endpoint in order of preference (the network's `rpcUrls`); absent: `rpcUrl` alone. */
  rpcUrls?: readonly string[]
  timeoutMs?: number
  /** Called once per HTTP request (a batch counts once): lets callers measure RPC load. */
  onHttpRequest?: () => void
  onEndpointSwitch?: ConnectChainOptions['onEndpointSwitch']
}

/**
 * A viem client whose calls made in the same tick travel as one JSON-RPC batch (a tracker
 * reading N payments sends one HTTP request, not N), through the network's endpoint pool.
 * viem's own `fallback` transport would batch too, but honours no Retry-After, bounds no
 * requests in flight per endpoint and keeps no state /api/health could show, and Solana and
 * Bitcoin would still need the pool: one pool for all three families, under viem's `custom`
 * transport, keeps viem's request shapes and error classes.
 */
export function createEvmRpcClient({
  rpcUrl,
  rpcUrls,
  timeoutMs = 5000,
  onHttpRequest,
  onEndpointSwitch,
}: CreateEvmRpcClientParameters): PublicClient & { endpointInUse(): string } {
  const rpc = createJsonRpc(
    { rpcUrl, ...(rpcUrls ? { rpcUrls } : {}) },
    { timeoutMs, ...(onHttpRequest ? { onHttpRequest } : {}), ...(onEndpointSwitch ? { onEndpointSwitch } : {}) },
  )
  const client = createPublicClient({
    transport: custom(
      {
        async request({ method, params }: { method: string; params?: unknown }) {
          try {
            return await rpc.call(method, Array.isArray(params) ? params : [])
          } catch (error) {
            // The node's own error with its code, so viem gives it its class (a reverted call, a range refused).
            if (error instanceof JsonRpcCallError && error.rpcCode !== null)
              throw Object.assign(new Error(error.rpcMessage), { code: error.rpcCode })
            throw error
          }
        },
      },
      // The pool retries failed requests; viem once more for a node's failed batch element.
      { retryCount: 1 },
    ),
  })
  return Object.assign(client, { endpointInUse: rpc.endpointInUse })
}
