import { createPublicClient, http, type PublicClient } from 'viem'

export interface CreateEvmRpcClientParameters {
  rpcUrl: string
  timeoutMs?: number
  /** Called once per HTTP request (a batch counts once): lets callers measure RPC load. */
  onHttpRequest?: () => void
}

/**
 * A viem client whose calls made in the same tick travel as one JSON-RPC batch: a tracker
 * reading N payments sends one HTTP request, not N.
 */
export function createEvmRpcClient({
  rpcUrl,
  timeoutMs = 5000,
  onHttpRequest,
}: CreateEvmRpcClientParameters): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, {
      batch: { batchSize: 500, wait: 0 },
      timeout: timeoutMs,
      retryCount: 1,
      // onFetchRequest may return a replacement request: return nothing.
      ...(onHttpRequest
        ? {
            onFetchRequest: () => {
              onHttpRequest()
            },
          }
        : {}),
    }),
  })
}
