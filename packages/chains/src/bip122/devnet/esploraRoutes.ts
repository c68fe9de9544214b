import { bytesToHex } from '@noble/hashes/utils'
import { NETWORK, TEST_NETWORK } from '@scure/btc-signer'
import type { BitcoinChain, Block } from './bitcoinChain.js'
import { encodeHeader } from './blockHeader.js'
import { addressScript } from './describeScript.js'
import {
  addressJson,
  blockJson,
  blockStatusJson,
  mempoolJson,
  outspendsJson,
  scriptTxs,
  txJson,
  txStatus,
  utxoJson,
} from './esploraViews.js'
import { TxRejected } from './txRejected.js'

export type EsploraAnswer = { status: number; contentType: string; body: string | Uint8Array }

const json = (value: unknown): EsploraAnswer => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(value),
})
const text = (value: string, status = 200): EsploraAnswer => ({ status, contentType: 'text/plain', body: value })
const notFound = (message: string) => text(message, 404)
const badRequest = (message: string) => text(message, 400)

/** Esplora's page sizes (electrs rest.rs). */
const CHAIN_TXS_PER_PAGE = 25
const MAX_MEMPOOL_TXS = 50
const BLOCK_LIMIT = 10

/**
 * The fee estimates the devnet answers for Esplora's targets (1-25, 144, 504, 1008 blocks): a
 * fixed ladder above the 1 sat/vB relay floor, since an always-empty regtest mempool has no market.
 */
export function feeEstimates(): Record<string, number> {
  const out: Record<string, number> = {}
  for (let target = 1; target <= 25; target++) out[target] = target <= 2 ? 3 : target <= 6 ? 2 : 1.5
  for (const target of [144, 504, 1008]) out[target] = 1
  return out
}

class Answered extends Error {
  constructor(readonly answer: EsploraAnswer) {
    super(typeof answer.body === 'string' ? answer.body : 'answered')
  }
}

const isHash = (s: string | undefined): s is string => typeof s === 'string' && /^[0-9a-fA-F]{64}$/.test(s)

/**
 * Answers one Esplora REST request from the chain: the subset listed in README.md, with
 * electrs's texts for errors (`Transaction not found`, `Block not found`, `Invalid hex string`,
 * `endpoint does not exist "/path"`). `submit` takes a raw transaction hex (POST /tx).
 */
export function answerEsplora(
  chain: BitcoinChain,
  method: string,
  url: string,
  body: string,
  submit: (hex: string) => string,
): EsploraAnswer {
  const path = url.split('?')[0]!.replace(/\/+$/, '') || '/'
  const parts = path.split('/').slice(1)
  try {
    if (method === 'POST') {
      if (path === '/tx') {
        try {
          return text(submit(body))
        } catch (e) {
          if (e instanceof TxRejected) return badRequest(e.message)
          throw e
        }
      }
      return notFound(`endpoint does not exist ${JSON.stringify(path)}`)
    }
    if (method !== 'GET' && method !== 'HEAD') return text('Invalid method', 405)
    const answer = route(chain, parts)
    return answer ?? notFound(`endpoint does not exist ${JSON.stringify(path)}`)
  } catch (e) {
    if (e instanceof Answered) return e.answer
    throw e
  }
}

function hashParam(value: string | undefined): string {
  if (!isHash(value)) throw new Answered(badRequest('Invalid hex string'))
  return value.toLowerCase()
}

function intParam(value: string | undefined): number {
  if (!value || !/^\d+$/.test(value)) throw new Answered(badRequest('Invalid number'))
  return Number(value)
}

function blockParam(chain: BitcoinChain, value: string | undefined): Block {
  const hash = hashParam(value)
  const block = chain.blockByHash.get(hash) ?? chain.staleBlocks.get(hash)
  if (!block) throw new Answered(notFound('Block not found'))
  return block
}

function scriptParam(value: string | undefined): Uint8Array {
  const address = decodeURIComponent(value ?? '')
  const script = addressScript(address)
  if (script) return script
  // A mainnet or testnet address is valid Bitcoin, only not on this chain.
  if (addressScript(address, NETWORK) || addressScript(address, TEST_NETWORK))
    throw new Answered(badRequest('Address on invalid network'))
  throw new Answered(badRequest('Invalid Bitcoin address'))
}

function route(chain: BitcoinChain, parts: string[]): EsploraAnswer | null {
  const [head, a, b, c, d] = parts
  switch (head) {
    case 'blocks': {
      if (a === 'tip' && b === 'height' && c === undefined) return text(String(chain.height))
      if (a === 'tip' && b === 'hash' && c === undefined) return text(chain.tip.hash)
      if (b !== undefined) return null
      const start = a === undefined ? chain.height : Math.min(intParam(a), chain.height)
      const blocks: unknown[] = []
      for (let h = start; h >= 0 && blocks.length < BLOCK_LIMIT; h--) blocks.push(blockJson(chain.blocks[h]!))
      return json(blocks)
    }
    case 'block-height': {
      if (b !== undefined) return null
      const height = intParam(a)
      const block = chain.blocks[height]
      return block ? text(block.hash) : notFound('Block not found')
    }
    case 'block': {
      if (b === 'status' && c === undefined) return json(blockStatusJson(chain, hashParam(a)))
      const block = blockParam(chain, a)
      if (b === undefined) return json(blockJson(block))
      if (b === 'txids' && c === undefined) return json(block.txids)
      if (b === 'header' && c === undefined) return text(bytesToHex(encodeHeader(block)))
      if (b === 'raw' && c === undefined)
        return { status: 200, contentType: 'application/octet-stream', body: chain.blockRaw(block) }
      if (b === 'txid' && d === undefined) {
        const index = intParam(c)
        const txid = block.txids[index]
        return txid ? text(txid) : notFound('tx index out of range')
      }
      if (b === 'txs' && d === undefined) {
        const start = c === undefined ? 0 : intParam(c)
        if (start >= block.txids.length) return notFound('start index out of range')
        if (start % CHAIN_TXS_PER_PAGE !== 0)
          return badRequest(`start index must be a multipication of ${CHAIN_TXS_PER_PAGE}`)
        return json(
          chain
            .blockTxs(block)
            .slice(start, start + CHAIN_TXS_PER_PAGE)
            .map((t) => txJson(chain, t)),
        )
      }
      return null
    }
    case 'tx': {
      if (a === undefined) return null
      const txid = hashParam(a)
      if (b === 'status' && c === undefined) {
        // electrs answers an unknown txid as unconfirmed rather than 404.
        const tx = chain.txs.get(txid)
        return json(tx ? txStatus(tx) : { confirmed: false })
      }
      const tx = chain.tx(txid)
      if (!tx) return notFound('Transaction not found')
      if (b === undefined) return json(txJson(chain, tx))
      if (b === 'hex' && c === undefined) return text(tx.hex)
      if (b === 'raw' && c === undefined)
        return {
          status: 200,
          contentType: 'application/octet-stream',
          body: Uint8Array.from(Buffer.from(tx.hex, 'hex')),
        }
      const stored = chain.txs.get(txid)
      if (b === 'outspends' && c === undefined)
        return json(stored ? outspendsJson(chain, stored) : tx.outputs.map(() => ({ spent: false })))
      if (b === 'outspend' && d === undefined) {
        const vout = intParam(c)
        const all = stored ? outspendsJson(chain, stored) : []
        return json(all[vout] ?? { spent: false })
      }
      return null
    }
    case 'address': {
      if (a === undefined) return null
      const script = scriptParam(a)
      const address = decodeURIComponent(a)
      if (b === undefined) return json(addressJson(chain, address, script))
      if (b === 'utxo' && c === undefined) return json(utxoJson(chain, script))
      if (b === 'txs') {
        const { mempool, confirmed } = scriptTxs(chain, script)
        if (c === undefined) {
          return json(
            [...mempool.slice(0, MAX_MEMPOOL_TXS), ...confirmed.slice(0, CHAIN_TXS_PER_PAGE)].map((t) =>
              txJson(chain, t),
            ),
          )
        }
        if (c === 'mempool' && d === undefined)
          return json(mempool.slice(0, MAX_MEMPOOL_TXS).map((t) => txJson(chain, t)))
        if (c === 'chain' && parts.length <= 5) {
          let from = 0
          if (d !== undefined) {
            const last = hashParam(d)
            from = confirmed.findIndex((t) => t.txid === last) + 1
          }
          return json(confirmed.slice(from, from + CHAIN_TXS_PER_PAGE).map((t) => txJson(chain, t)))
        }
      }
      return null
    }
    case 'mempool': {
      if (a === undefined) return json(mempoolJson(chain))
      if (a === 'txids' && b === undefined) return json([...chain.mempool.keys()])
      if (a === 'recent' && b === undefined) {
        return json(
          [...chain.mempool.values()]
            .slice(-10)
            .reverse()
            .map((t) => ({
              txid: t.txid,
              fee: Number(t.fee),
              vsize: t.vsize,
              value: Number(t.outputs.reduce((n, o) => n + o.value, 0n)),
            })),
        )
      }
      return null
    }
    case 'fee-estimates':
      return a === undefined ? json(feeEstimates()) : null
    default:
      return null
  }
}
