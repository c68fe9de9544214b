import { ChainReadError } from '../../serverFace/errors.js'
import { fetchWithTimeout } from '../../serverFace/fetchWithTimeout.js'
import type { ReadChainOptions } from '../../serverFace/chainFamily.js'

/** Latest confirmed slot from a Solana JSON-RPC (`getSlot`). */
export async function readSolanaHead(rpcUrl: string, { timeoutMs }: ReadChainOptions): Promise<bigint> {
  const response = await fetchWithTimeout(
    rpcUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot', params: [{ commitment: 'confirmed' }] }),
    },
    timeoutMs,
  )
  const body = (await response.json().catch(() => null)) as { result?: unknown; error?: { message?: string } } | null
  if (typeof body?.result === 'number' && Number.isSafeInteger(body.result) && body.result >= 0) {
    return BigInt(body.result)
  }
  throw new ChainReadError(`${rpcUrl} gave no slot for getSlot`, {
    details: body?.error?.message ?? JSON.stringify(body)?.slice(0, 200),
  })
}
