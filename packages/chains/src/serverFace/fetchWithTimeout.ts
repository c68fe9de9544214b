import { ChainReadError } from './errors.js'

/**
 * fetch that gives up after `timeoutMs` and turns every failure into a ChainReadError.
 * `answeredStatuses` are error statuses that are an answer (Esplora's 404 for a transaction it
 * does not know): returned to the caller, not thrown.
 */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  answeredStatuses: readonly number[] = [],
): Promise<Response> {
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (cause) {
    const timedOut = (cause as Error).name === 'TimeoutError'
    throw new ChainReadError(
      timedOut ? `${url} did not answer within ${timeoutMs} ms` : `${url} could not be reached`,
      { details: (cause as Error).message, cause },
    )
  }
  if (!response.ok && !answeredStatuses.includes(response.status)) {
    await response.body?.cancel().catch(() => {})
    throw new ChainReadError(`${url} answered HTTP ${response.status}`)
  }
  return response
}
