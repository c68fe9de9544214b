export interface JsonRpcCall {
  method: string
  params: unknown[]
}

/** One JSON-RPC batch over HTTP: the answers in the calls' order, each a result or an Error. */
export async function jsonRpcBatch(url: string, calls: readonly JsonRpcCall[]): Promise<unknown[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, method: c.method, params: c.params }))),
    signal: AbortSignal.timeout(5000),
  })
  if (!response.ok) throw new Error(`RPC answered ${response.status}`)
  const body = (await response.json()) as Array<{ id: number; result?: unknown; error?: { message: string } }>
  if (!Array.isArray(body)) throw new Error('RPC did not answer the batch')
  return calls.map((_, id) => {
    const answer = body.find((a) => a.id === id)
    if (!answer) return new Error('RPC left a request unanswered')
    return answer.error ? new Error(answer.error.message) : answer.result
  })
}
