/**
 * Esplora's `POST /tx`: the raw transaction (hex) in the body as text; answers its txid, or the
 * node's reason as text with a 400 ("bad-txns-inputs-missingorspent", say), which is thrown.
 */
export async function broadcastBitcoinTransaction(
  esploraUrl: string,
  rawHex: string,
  fetchFn: typeof fetch = fetch,
): Promise<string> {
  const response = await fetchFn(`${esploraUrl.replace(/\/+$/, '')}/tx`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: rawHex,
    signal: AbortSignal.timeout(15_000),
  })
  const text = (await response.text()).trim()
  if (!response.ok) throw new Error(`The Bitcoin network refused the transaction: ${text || `HTTP ${response.status}`}`)
  return text
}
