import { ChainReadError } from '../../serverFace/errors.js'
import { fetchWithTimeout } from '../../serverFace/fetchWithTimeout.js'
import type { ReadChainOptions } from '../../serverFace/chainFamily.js'

/** Tip height from an Esplora API (`GET /blocks/tip/height`, as mempool.space and Blockstream serve). */
export async function readBitcoinHead(apiUrl: string, { timeoutMs }: ReadChainOptions): Promise<bigint> {
  const url = `${apiUrl.replace(/\/+$/, '')}/blocks/tip/height`
  const response = await fetchWithTimeout(url, { headers: { accept: 'text/plain' } }, timeoutMs)
  const text = (await response.text().catch(() => '')).trim()
  if (!/^\d{1,12}$/.test(text)) {
    throw new ChainReadError(`${url} did not answer with a block height`, { details: text.slice(0, 200) })
  }
  return BigInt(text)
}
