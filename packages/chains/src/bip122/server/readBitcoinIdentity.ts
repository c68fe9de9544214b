import { ChainReadError } from '../../serverFace/errors.js'
import type { ReadChainOptions } from '../../serverFace/chainFamily.js'
import { fetchWithTimeout } from '../../serverFace/fetchWithTimeout.js'

/** A Bitcoin chain's identity: its genesis block hash, from an Esplora API (`GET /block-height/0`). */
export async function readBitcoinIdentity(apiUrl: string, { timeoutMs }: ReadChainOptions): Promise<string> {
  const url = `${apiUrl.replace(/\/+$/, '')}/block-height/0`
  const response = await fetchWithTimeout(url, { headers: { accept: 'text/plain' } }, timeoutMs)
  const text = (await response.text().catch(() => '')).trim()
  if (!/^[0-9a-f]{64}$/i.test(text)) {
    throw new ChainReadError(`${url} did not answer with a block hash`, { details: text.slice(0, 200) })
  }
  return `genesis ${text.toLowerCase()}`
}
