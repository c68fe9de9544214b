import type { ChainEndpoint, ConnectChainOptions } from './chainFamily.js'
import { endpointPoolFor } from './endpointPoolFor.js'
import { ChainReadError } from './errors.js'

export interface JsonRpcCall {
  method: string
  params: unknown[]
}

/** One answer of a batch: the result, or the node's error for that call alone. */
export type JsonRpcAnswer = { ok: true; result: unknown } | { ok: false; code: number | null; message: string }

/** The node's own error for one call (the request itself went through): its JSON-RPC code kept. */
export class JsonRpcCallError extends ChainReadError {
  constructor(
    shortMessage: string,
    readonly rpcCode: number | null,
    readonly rpcMessage: string,
  ) {
    super(shortMessage, { details: rpcMessage })
  }
}

export interface JsonRpc {
  /** Sends the calls as one JSON-RPC batch (one HTTP request); answers in the calls' order. */
  batch(calls: readonly JsonRpcCall[]): Promise<JsonRpcAnswer[]>
  /**
   * One call whose error is the read's failure (a JsonRpcCallError for the node's own). Calls made
   * in the same tick share one batch (the tracker asks for the head and the identity together: one request).
   */
  call(method: string, params: unknown[]): Promise<unknown>
  /** The endpoint the next request goes to first. */
  endpointInUse(): string
}

/**
 * A minimal JSON-RPC client (Solana's, and EVM's under viem): batches, sent through the
 * network's endpoint pool (a timeout per request, retries with backoff, Retry-After, the next
 * endpoint when one fails), every HTTP request counted (`onHttpRequest`). A cut-off or
 * malformed batch answer is a failed request, sent again; what is still unusable after the
 * retries is a ChainReadError.
 */
export function createJsonRpc(
  endpoint: Pick<ChainEndpoint, 'rpcUrl' | 'rpcUrls'>,
  options: ConnectChainOptions,
): JsonRpc {
  const pool = endpointPoolFor(endpoint, options)
  const batch = async (calls: readonly JsonRpcCall[]): Promise<JsonRpcAnswer[]> => {
    if (calls.length === 0) return []
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls.map(({ method, params }, id) => ({ jsonrpc: '2.0', id, method, params }))),
    }
    const byId = await pool.request('', init, async (response) => {
      const body = (await response.json().catch(() => null)) as unknown
      if (!Array.isArray(body))
        throw new ChainReadError('no JSON-RPC batch answer', { details: JSON.stringify(body)?.slice(0, 200) })
      const answers = new Map<unknown, { result?: unknown; error?: { code?: unknown; message?: unknown } }>(
        body.map((entry) => [entry?.id, entry]),
      )
      for (const [id, call] of calls.entries())
        if (!answers.has(id)) throw new ChainReadError(`${call.method} left unanswered in a batch`)
      return answers
    })
    return calls.map((_call, id) => {
      const entry = byId.get(id)!
      if (entry.error)
        return {
          ok: false,
          code: typeof entry.error.code === 'number' ? entry.error.code : null,
          message: typeof entry.error.message === 'string' ? entry.error.message : JSON.stringify(entry.error),
        }
      return { ok: true, result: entry.result }
    })
  }
  let queue: Array<{ call: JsonRpcCall; resolve: (value: unknown) => void; reject: (error: unknown) => void }> = []
  const flush = async () => {
    const taken = queue
    queue = []
    try {
      const answers = await batch(taken.map((entry) => entry.call))
      for (const [i, entry] of taken.entries()) {
        const answer = answers[i]!
        if (answer.ok) entry.resolve(answer.result)
        else
          entry.reject(
            new JsonRpcCallError(`${pool.status().endpoint} refused ${entry.call.method}`, answer.code, answer.message),
          )
      }
    } catch (error) {
      for (const entry of taken) entry.reject(error)
    }
  }
  return {
    batch,
    call(method, params) {
      return new Promise((resolve, reject) => {
        if (queue.length === 0) setImmediate(() => void flush())
        queue.push({ call: { method, params }, resolve, reject })
      })
    },
    endpointInUse: () => pool.status().endpoint,
  }
}
