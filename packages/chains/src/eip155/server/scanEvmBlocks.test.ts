import type { PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import type { PaymentWatch } from '../../serverFace/chainFamily.js'
import { transferTopic } from './matchTransfer.js'
import { scanEvmBlocks } from './scanEvmBlocks.js'

const hex = (n: bigint | number) => `0x${n.toString(16)}`
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`
const topic = (a: string) => `0x${a.slice(2).padStart(64, '0')}`

/** A chain of blocks 0..head stood in by a function: what scanEvmBlocks asks, and the answers. */
function fakeChain(
  head: number,
  bodies: Record<number, Array<{ hash: string; to: string; value: bigint }>>,
  logs: Array<{ transactionHash: string; blockNumber: number; blockHash: string; to: string }>,
) {
  const calls: Array<{ method: string; params: unknown[] }> = []
  const request = async ({ method, params }: { method: string; params: unknown[] }) => {
    calls.push({ method, params })
    if (method === 'eth_getBlockByNumber') {
      const n = Number(BigInt(params[0] as string))
      if (n > head) return null
      const body = bodies[n] ?? []
      return {
        number: hex(n),
        hash: hash(1000 + n),
        parentHash: hash(1000 + n - 1),
        timestamp: hex(n),
        transactions: params[1]
          ? body.map((t) => ({ hash: t.hash, to: t.to, value: hex(t.value) }))
          : body.map((t) => t.hash),
      }
    }
    if (method === 'eth_getLogs') {
      const wanted = new Set((params[0] as { topics: [string, null, string[]] }).topics[2])
      return logs
        .filter((log) => wanted.has(topic(log.to)))
        .map((log) => ({
          transactionHash: log.transactionHash,
          blockNumber: hex(log.blockNumber),
          blockHash: log.blockHash,
          topics: [transferTopic, topic(address(9)), topic(log.to)],
        }))
    }
    throw new Error(`unexpected ${method}`)
  }
  return { client: { request } as unknown as PublicClient, calls }
}

const watch = (optionId: string, depositAddress: string): PaymentWatch => ({
  optionId,
  linkId: `lnk_${optionId}`,
  tokenAddress: null,
  recipient: address(1),
  depositAddress,
  reference: null,
})
const cursor = { number: 10n, hashes: new Map([[10n, hash(1010)]]) }
const base = { head: 12n, cursor, heights: [], maxBlocks: 100, reorgDepthLimit: 64 }

describe('scanEvmBlocks with deposit watches', () => {
  it('sights native transfers from block bodies and Transfer logs of the accepted blocks; a log from a replaced block is dropped', async () => {
    const deposit = address(0xd1)
    const { client } = fakeChain(
      12,
      {
        11: [
          { hash: hash(1), to: deposit, value: 5n },
          { hash: hash(2), to: address(7), value: 5n },
        ],
      },
      [
        { transactionHash: hash(3), blockNumber: 12, blockHash: hash(1012), to: deposit },
        { transactionHash: hash(4), blockNumber: 12, blockHash: hash(9999), to: deposit },
      ],
    )
    const scan = await scanEvmBlocks({ client, ...base, watches: [watch('a', deposit)] })
    expect(scan.kind === 'scanned' && scan.sightings).toEqual([
      { transactionId: hash(1), optionId: 'a' },
      { transactionId: hash(3), optionId: 'a' },
    ])
  })

  it('asks eth_getLogs once per 1,000 addresses, and nothing extra (no bodies, no logs) without watches', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => watch(`o${i}`, address(0x100000 + i)))
    const withWatches = fakeChain(12, {}, [])
    await scanEvmBlocks({ client: withWatches.client, ...base, watches: many })
    expect(withWatches.calls.filter((c) => c.method === 'eth_getLogs')).toHaveLength(3)
    expect(
      withWatches.calls
        .filter((c) => c.method === 'eth_getBlockByNumber' && c.params[1] === true)
        .map((c) => c.params[0]),
    ).toEqual(['0xb', '0xc'])

    const without = fakeChain(12, {}, [])
    const scan = await scanEvmBlocks({ client: without.client, ...base, watches: [] })
    expect(without.calls.map((c) => c.method)).toEqual([
      'eth_getBlockByNumber',
      'eth_getBlockByNumber',
      'eth_getBlockByNumber',
    ])
    expect(without.calls.every((c) => c.params[1] === false)).toBe(true)
    expect(scan.kind === 'scanned' && scan.sightings).toEqual([])
  })
})
