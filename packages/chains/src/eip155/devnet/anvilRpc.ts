/** One JSON-RPC call to a local node; throws with the node's message when it answers an error. */
export async function anvilRpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error || body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? 'no result'}`)
  return body.result
}
