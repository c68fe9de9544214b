import type { ChainEndpoint, ConnectChainOptions } from './chainFamily.js'
import { createEndpointPool, type EndpointPool } from './createEndpointPool.js'

/** A network's endpoints in order: `rpcUrls` when given, else `rpcUrl` alone. */
export function endpointUrls({ rpcUrl, rpcUrls }: Pick<ChainEndpoint, 'rpcUrl' | 'rpcUrls'>): string[] {
  return rpcUrls?.length ? [...rpcUrls] : [rpcUrl]
}

/**
 * The endpoint pool a chain reader sends every request through: the network's endpoints, the
 * caller's timeout, retries and request count, and its line per endpoint switch.
 */
export function endpointPoolFor(
  endpoint: Pick<ChainEndpoint, 'rpcUrl' | 'rpcUrls'>,
  { timeoutMs, onHttpRequest, retry, onEndpointSwitch }: ConnectChainOptions,
  answeredStatuses: readonly number[] = [],
): EndpointPool {
  const urls = endpointUrls(endpoint)
  return createEndpointPool({
    urls,
    timeoutMs,
    answeredStatuses,
    // Every endpoint is tried at least once, whatever the retries asked.
    ...(retry?.retries !== undefined ? { maxAttempts: Math.max(retry.retries + 1, urls.length) } : {}),
    ...(retry?.baseDelayMs !== undefined ? { baseDelayMs: retry.baseDelayMs } : {}),
    ...(retry?.maxDelayMs !== undefined ? { maxDelayMs: retry.maxDelayMs } : {}),
    ...(retry?.random ? { random: retry.random } : {}),
    ...(retry?.sleep ? { sleep: retry.sleep } : {}),
    ...(onHttpRequest ? { onRequest: () => onHttpRequest() } : {}),
    ...(onEndpointSwitch ? { onSwitch: onEndpointSwitch } : {}),
  })
}
