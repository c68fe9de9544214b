import { ChainReadError } from '../../serverFace/errors.js'
import type { ReadChainOptions } from '../../serverFace/chainFamily.js'
import { fetchWithTimeout } from '../../serverFace/fetchWithTimeout.js'

/** A Solana cluster's identity: its genesis hash (`getGenesisHash`), the same for its whole life. */
export async function readSolanaIdentity(rpcUrl: string, { timeoutMs }: ReadChainOptions): Promise<string> {
  const response = await fetchWithTimeout(
    rpcUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash', params: [] }),
    },
    timeoutMs,
  )
  const body = (await response.json().catch(() => null)) as { result?: unknown; error?: { message?: string } } | null
  if (typeof body?.result === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(body.result))
    return `genesis ${body.result}`
  throw new ChainReadError(`${rpcUrl} gave no genesis hash for getGenesisHash`, {
    details: body?.error?.message ?? JSON.stringify(body)?.slice(0, 200),
  })
}
