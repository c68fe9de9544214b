import { ChainReadError } from '../../serverFace/errors.js'
import { fetchWithTimeout } from '../../serverFace/fetchWithTimeout.js'
import { parseRetryAfter, retryRead, RetryableReadError, type RetryReadOptions } from '../../serverFace/retryRead.js'

/** An output as Esplora writes it (`vout[]`, and `vin[].prevout`). Values in satoshis. */
export interface EsploraOutput {
  scriptpubkey: string
  scriptpubkey_type?: string
  /** Absent for outputs with no address (OP_RETURN, bare scripts). */
  scriptpubkey_address?: string
  value: number
}

/** `GET /tx/:txid` (also the items of `GET /address/:a/txs/mempool`), the fields Paylink reads. */
export interface EsploraTransaction {
  txid: string
  vin: Array<{ txid: string; vout: number; is_coinbase: boolean; prevout: EsploraOutput | null }>
  vout: EsploraOutput[]
  status: { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number }
}

/** `GET /block/:hash`, the fields Paylink reads. */
export interface EsploraBlock {
  id: string
  height: number
  timestamp: number
  previousblockhash: string | null
}

export interface EsploraClient {
  /** `GET /blocks/tip/height`. */
  tipHeight(): Promise<bigint>
  /** `GET /block-height/:height`: the canonical block's hash (lowercase), null above the tip. */
  blockHashAt(height: bigint): Promise<string | null>
  /** `GET /block/:hash`, null when unknown. */
  block(hash: string): Promise<EsploraBlock | null>
  /** `GET /block/:hash/raw`: the serialized block (header and every transaction) in one request, null when unknown. */
  rawBlock(hash: string): Promise<Uint8Array | null>
  /** `GET /tx/:txid`, null when the node knows no such transaction (never sent, replaced, or dropped from its mempool). */
  transaction(txid: string): Promise<EsploraTransaction | null>
  /** `GET /address/:address/txs/mempool`: the address's unconfirmed transactions (Esplora returns up to 50). */
  mempoolTransactions(address: string): Promise<EsploraTransaction[]>
}

export interface CreateEsploraClientParameters {
  /** The Esplora base URL (`…/api`), as configured for the network (its `rpcUrl`). */
  baseUrl: string
  timeoutMs: number
  /** Called once per HTTP request (retries included). */
  onHttpRequest?: () => void
  /** How a failed request is tried again (see retryRead); `{ retries: 0 }` for none. */
  retry?: RetryReadOptions
}

const hash64 = /^[0-9a-f]{64}$/

/**
 * A small client for the Esplora REST API (Blockstream's esplora/electrs, mempool.space, the
 * devnet): each method is one HTTP request with a timeout; a 404 on something looked up is
 * null, anything else unusable is a ChainReadError. A request that failed as providers fail
 * (timeout, 5xx, 429 with its Retry-After, a cut body) is sent again a few times first, so one
 * bad answer among the ten or so of a pass does not throw the whole pass away. No database access.
 */
export function createEsploraClient({
  baseUrl,
  timeoutMs,
  onHttpRequest,
  retry,
}: CreateEsploraClientParameters): EsploraClient {
  const base = baseUrl.replace(/\/+$/, '')
  const get = async (path: string, accept: string): Promise<Response | null> => {
    onHttpRequest?.()
    const response = await fetchWithTimeout(`${base}${path}`, { headers: { accept } }, timeoutMs, [404, 429, 503])
    if (response.status === 404) {
      await response.body?.cancel().catch(() => {})
      return null
    }
    if (response.status === 429 || response.status === 503) {
      await response.body?.cancel().catch(() => {})
      const after = parseRetryAfter(response.headers.get('retry-after'))
      throw new RetryableReadError(`${base}${path} answered HTTP ${response.status}`, after)
    }
    return response
  }
  // The body is read inside the retried step: a body cut off mid-way is a failed request too.
  // A cut text answer shows only in its parse: the callers retry with the parse inside.
  const text = async (path: string) => {
    const response = await get(path, 'text/plain')
    return response ? (await response.text().catch(() => '')).trim() : null
  }
  const json = <T>(path: string, check: (value: unknown) => boolean): Promise<T | null> =>
    retryRead(async () => {
      const response = await get(path, 'application/json')
      if (!response) return null
      const body: unknown = await response.json().catch(() => undefined)
      if (!check(body)) throw new ChainReadError(`${base}${path} did not answer in Esplora's shape`)
      return body as T
    }, retry)

  return {
    tipHeight: () =>
      retryRead(async () => {
        const answer = await text('/blocks/tip/height')
        if (answer === null || !/^\d{1,12}$/.test(answer))
          throw new ChainReadError(`${base}/blocks/tip/height did not answer with a block height`)
        return BigInt(answer)
      }, retry),
    blockHashAt: (height) =>
      retryRead(async () => {
        const answer = await text(`/block-height/${height}`)
        if (answer === null) return null
        if (!hash64.test(answer.toLowerCase()))
          throw new ChainReadError(`${base}/block-height/${height} did not answer with a block hash`)
        return answer.toLowerCase()
      }, retry),
    block: (hash) =>
      json<EsploraBlock>(
        `/block/${hash}`,
        (value) => isObject(value) && typeof value.id === 'string' && typeof value.height === 'number',
      ),
    rawBlock: (hash) =>
      retryRead(async () => {
        const response = await get(`/block/${hash}/raw`, 'application/octet-stream')
        if (!response) return null
        try {
          return new Uint8Array(await response.arrayBuffer())
        } catch (cause) {
          throw new ChainReadError(`${base}/block/${hash}/raw was cut off`, { cause })
        }
      }, retry),
    transaction: (txid) => json<EsploraTransaction>(`/tx/${txid}`, isTransaction),
    async mempoolTransactions(address) {
      return (
        (await json<EsploraTransaction[]>(
          `/address/${address}/txs/mempool`,
          (value) => Array.isArray(value) && value.every(isTransaction),
        )) ?? []
      )
    },
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function isTransaction(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.txid === 'string' &&
    Array.isArray(value.vin) &&
    Array.isArray(value.vout) &&
    isObject(value.status)
  )
}
