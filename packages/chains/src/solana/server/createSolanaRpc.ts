import { ChainReadError } from '../../serverFace/errors.js'
import type { ConnectChainOptions } from '../../serverFace/chainFamily.js'
import { fetchWithTimeout } from '../../serverFace/fetchWithTimeout.js'

export interface SolanaRpcCall {
  method: string
  params: unknown[]
}

/** One answer of a batch: the result, or the node's error for that call alone. */
export type SolanaRpcAnswer = { ok: true; result: unknown } | { ok: false; code: number | null; message: string }

export interface SolanaRpc {
  /** Sends the calls as one JSON-RPC batch (one HTTP request); answers in the calls' order. */
  batch(calls: readonly SolanaRpcCall[]): Promise<SolanaRpcAnswer[]>
  /**
   * One call whose error is the read's failure. Calls made in the same tick share one batch
   * (the tracker asks for the head and the identity together: one request).
   */
  call(method: string, params: unknown[]): Promise<unknown>
}

/**
 * A minimal Solana JSON-RPC client over fetch: batches, a timeout per request, and every HTTP
 * request counted (`onHttpRequest`). Transport failures and malformed answers are ChainReadErrors.
 */
export function createSolanaRpc(rpcUrl: string, { timeoutMs, onHttpRequest }: ConnectChainOptions): SolanaRpc {
  const batch = async (calls: readonly SolanaRpcCall[]): Promise<SolanaRpcAnswer[]> => {
    if (calls.length === 0) return []
    onHttpRequest?.()
    const response = await fetchWithTimeout(
      rpcUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(calls.map(({ method, params }, id) => ({ jsonrpc: '2.0', id, method, params }))),
      },
      timeoutMs,
    )
    const body = (await response.json().catch(() => null)) as unknown
    if (!Array.isArray(body))
      throw new ChainReadError(`${rpcUrl} gave no JSON-RPC batch answer`, {
        details: JSON.stringify(body)?.slice(0, 200),
      })
    const byId = new Map<unknown, { result?: unknown; error?: { code?: unknown; message?: unknown } }>(
      body.map((entry) => [entry?.id, entry]),
    )
    return calls.map((call, id) => {
      const entry = byId.get(id)
      if (!entry) throw new ChainReadError(`${rpcUrl} left ${call.method} unanswered in a batch`)
      if (entry.error)
        return {
          ok: false,
          code: typeof entry.error.code === 'number' ? entry.error.code : null,
          message: typeof entry.error.message === 'string' ? entry.error.message : JSON.stringify(entry.error),
        }
      return { ok: true, result: entry.result }
    })
  }
  let queue: Array<{ call: SolanaRpcCall; resolve: (value: unknown) => void; reject: (error: unknown) => void }> = []
  const flush = async () => {
    const taken = queue
    queue = []
    try {
      const answers = await batch(taken.map((entry) => entry.call))
      for (const [i, entry] of taken.entries()) {
        const answer = answers[i]!
        if (answer.ok) entry.resolve(answer.result)
        else entry.reject(new ChainReadError(`${rpcUrl} refused ${entry.call.method}`, { details: answer.message }))
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
  }
}
