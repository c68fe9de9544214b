import { ChainReadError } from '../../serverFace/errors.js'
import type { ConnectChainOptions } from '../../serverFace/chainFamily.js'
import type { RetryReadOptions } from '../../serverFace/createEndpointPool.js'
import { endpointPoolFor } from '../../serverFace/endpointPoolFor.js'

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
  /** Further Esplora base URLs, tried in turn when one fails (the network's `rpcUrls`; the first is `baseUrl`'s place). */
  baseUrls?: readonly string[]
  timeoutMs: number
  /** Called once per HTTP request (retries included). */
  onHttpRequest?: () => void
  /** How a failed request is tried again (see createEndpointPool); `{ retries: 0 }` for none. */
  retry?: RetryReadOptions
  onEndpointSwitch?: ConnectChainOptions['onEndpointSwitch']
}

/**
 * A small client for the Esplora REST API (Blockstream's esplora/electrs, mempool.space, the
 * devnet): each method is one HTTP request with a timeout; a 404 on something looked up is
 * null, anything else unusable is a ChainReadError. Every request goes through the network's
 * endpoint pool: one that failed as providers fail (timeout, 5xx, 429 with its Retry-After, a
 * cut or malformed body) is sent again, to the next endpoint when there are several, so one bad
 * answer among the ten or so of a pass does not throw the whole pass away. No database access.
 */
export function createEsploraClient({
  baseUrl,
  baseUrls,
  timeoutMs,
  onHttpRequest,
  retry,
  onEndpointSwitch,
}: CreateEsploraClientParameters): EsploraClient & { endpointInUse(): string } {
  const pool = endpointPoolFor(
    {
      rpcUrl: baseUrl.replace(/\/+$/, ''),
      ...(baseUrls ? { rpcUrls: baseUrls.map((url) => url.replace(/\/+$/, '')) } : {}),
    },
    {
      timeoutMs,
      ...(onHttpRequest ? { onHttpRequest } : {}),
      ...(retry ? { retry } : {}),
      ...(onEndpointSwitch ? { onEndpointSwitch } : {}),
    },
    [404],
  )
  // The body is read inside the pool's request: a body cut off mid-way, or in another shape, is
  // a failed request too, sent again. A 404 is Esplora's "unknown": null.
  const get = <T>(path: string, accept: string, read: (response: Response) => Promise<T>): Promise<T | null> =>
    pool.request(path, { headers: { accept } }, async (response) => {
      if (response.status === 404) {
        await response.body?.cancel().catch(() => {})
        return null
      }
      return read(response)
    })
  const text = (path: string, check: RegExp, what: string) =>
    get(path, 'text/plain', async (response) => {
      const answer = (await response.text()).trim()
      if (!check.test(answer)) throw new ChainReadError(`${path} did not answer with ${what}`)
      return answer
    })
  const json = <T>(path: string, check: (value: unknown) => boolean): Promise<T | null> =>
    get(path, 'application/json', async (response) => {
      const body: unknown = await response.json().catch(() => undefined)
      if (!check(body)) throw new ChainReadError(`${path} did not answer in Esplora's shape`)
      return body as T
    })

  return {
    async tipHeight() {
      const answer = await text('/blocks/tip/height', /^\d{1,12}$/, 'a block height')
      if (answer === null) throw new ChainReadError(`${pool.status().endpoint}/blocks/tip/height is not an Esplora API`)
      return BigInt(answer)
    },
    async blockHashAt(height) {
      return (await text(`/block-height/${height}`, /^[0-9a-fA-F]{64}$/, 'a block hash'))?.toLowerCase() ?? null
    },
    block: (hash) =>
      json<EsploraBlock>(
        `/block/${hash}`,
        (value) => isObject(value) && typeof value.id === 'string' && typeof value.height === 'number',
      ),
    rawBlock: (hash) =>
      get(`/block/${hash}/raw`, 'application/octet-stream', async (response) => {
        try {
          return new Uint8Array(await response.arrayBuffer())
        } catch (cause) {
          throw new ChainReadError(`/block/${hash}/raw was cut off`, { cause })
        }
      }),
    transaction: (txid) => json<EsploraTransaction>(`/tx/${txid}`, isTransaction),
    async mempoolTransactions(address) {
      return (
        (await json<EsploraTransaction[]>(
          `/address/${address}/txs/mempool`,
          (value) => Array.isArray(value) && value.every(isTransaction),
        )) ?? []
      )
    },
    endpointInUse: () => pool.status().endpoint,
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
