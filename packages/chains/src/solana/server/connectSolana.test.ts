import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentWatch } from '../../serverFace/chainFamily.js'
import { connectSolana, slotBlockHash } from './connectSolana.js'
import { findAssociatedTokenAddress } from './findAssociatedTokenAddress.js'

// A stand-in JSON-RPC node answering in the shapes of the Solana JSON-RPC documentation; it
// records every HTTP request (a batch is one) and the calls in it.
const merchantA = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN'
const merchantB = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const payer = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const referenceA = 'So11111111111111111111111111111111111111112'

type Call = { method: string; params: unknown[] }
let server: Server
let rpcUrl: string
const requests: Call[][] = []
let answer: (call: Call) => unknown = () => null

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const calls = JSON.parse(body) as Array<Call & { id: number }>
      requests.push(calls)
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(calls.map((call) => ({ jsonrpc: '2.0', id: call.id, result: answer(call) }))))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function watch(optionId: string, recipient: string, tokenAddress: string | null, reference: string): PaymentWatch {
  return { optionId, linkId: `link_${optionId}`, recipient, tokenAddress, depositAddress: null, reference }
}

function parsedTransfer(signature: string, slot: number, keys: string[]) {
  return {
    slot,
    blockTime: 1_700_000_000,
    transaction: {
      signatures: [signature],
      message: {
        accountKeys: keys.map((pubkey) => ({ pubkey })),
        instructions: [
          {
            program: 'system',
            parsed: { type: 'transfer', info: { source: payer, destination: merchantA, lamports: 5 } },
          },
        ],
      },
    },
    meta: { err: null, innerInstructions: [], preTokenBalances: [], postTokenBalances: [] },
  }
}

describe('connectSolana', () => {
  it('polls each distinct receiving account once per round, in one batch, and sights transactions by reference', async () => {
    const reader = connectSolana({ caipNetworkId: 'solana:test', rpcUrl }, { timeoutMs: 2000 })
    const watches = [
      watch('opt_1', merchantA, null, referenceA),
      ...Array.from({ length: 50 }, (_, i) =>
        watch(`opt_sol_${i}`, merchantA, null, `${'1'.repeat(31)}${'ABCDEFGHJK'[i % 10]}`),
      ),
      watch('opt_2', merchantA, usdc, '11111111111111111111111111111112'),
      watch('opt_3', merchantB, null, '11111111111111111111111111111113'),
    ]
    answer = (call) => {
      if (call.method === 'getSignaturesForAddress')
        return call.params[0] === merchantA && !(call.params[1] as { until?: string }).until
          ? [{ signature: 'sig1', slot: 10 }]
          : []
      if (call.method === 'getTransaction') return parsedTransfer('sig1', 10, [payer, merchantA, referenceA])
      return null
    }
    requests.length = 0
    const cursor = { number: 9n, hashes: new Map() }
    const first = await reader.findPayments({
      head: 12n,
      cursor,
      heights: [8n, 13n],
      maxBlocks: 100,
      reorgDepthLimit: 64,
      watches,
    })
    expect(requests).toHaveLength(2)
    expect(requests[0]!.map((call) => call.params[0]).sort()).toEqual(
      [merchantA, merchantB, findAssociatedTokenAddress(merchantA, usdc)].sort(),
    )
    expect(requests[1]!.map((call) => call.method)).toEqual(['getTransaction'])
    if (first.kind !== 'scanned') throw new Error('expected a scan')
    expect(first.sightings).toEqual([{ transactionId: 'sig1', optionId: 'opt_1' }])
    expect(first.transactionIds).toEqual(['sig1'])
    // Heights above the head (the finalized slot) are not settled yet.
    expect(first.blocks.get(8n)).toMatchObject({ hash: slotBlockHash(8n) })
    expect(first.blocks.get(13n)).toBeNull()

    requests.length = 0
    const second = await reader.findPayments({
      head: 13n,
      cursor: first.cursor,
      heights: [],
      maxBlocks: 100,
      reorgDepthLimit: 64,
      watches,
    })
    expect(requests).toHaveLength(1)
    expect(requests[0]!.find((call) => call.params[0] === merchantA)!.params[1]).toMatchObject({
      until: 'sig1',
      commitment: 'confirmed',
    })
    expect(second.kind === 'scanned' && second.sightings).toEqual([])
  })

  it('lists again a signature whose getTransaction answer was null, and finds its payment on the next pass', async () => {
    const reader = connectSolana({ caipNetworkId: 'solana:test', rpcUrl }, { timeoutMs: 2000 })
    const watches = [watch('opt_1', merchantA, null, referenceA)]
    let lagging = true
    answer = (call) => {
      if (call.method === 'getSignaturesForAddress') {
        const until = (call.params[1] as { until?: string }).until
        if (until === 'sig1') return []
        return [{ signature: 'sig1', slot: 10 }]
      }
      if (call.method === 'getTransaction')
        return lagging ? null : parsedTransfer('sig1', 10, [payer, merchantA, referenceA])
      return null
    }
    const scan = (cursor: { number: bigint; hashes: Map<bigint, string> }) =>
      reader.findPayments({ head: 12n, cursor, heights: [], maxBlocks: 100, reorgDepthLimit: 64, watches })
    const first = await scan({ number: 9n, hashes: new Map() })
    expect(first.kind === 'scanned' && first.sightings).toEqual([])
    lagging = false
    const second = await scan(first.kind === 'scanned' ? first.cursor : { number: 9n, hashes: new Map() })
    expect(second.kind === 'scanned' && second.sightings).toEqual([{ transactionId: 'sig1', optionId: 'opt_1' }])
  })

  it('pages getSignaturesForAddress with before until the last seen signature', async () => {
    const reader = connectSolana({ caipNetworkId: 'solana:test', rpcUrl }, { timeoutMs: 2000 })
    const watches = [watch('opt_1', merchantA, null, referenceA)]
    // 1,500 new signatures after sig0; the payment is the oldest of them, on the second page.
    const newer = Array.from({ length: 1500 }, (_, i) => `new${1499 - i}`)
    answer = (call) => {
      if (call.method === 'getSignaturesForAddress') {
        const { until, before } = call.params[1] as { until?: string; before?: string }
        if (!until) return [{ signature: 'sig0', slot: 1 }]
        const from = before ? newer.indexOf(before) + 1 : 0
        return newer.slice(from, from + 1000).map((signature) => ({ signature, slot: 20 }))
      }
      if (call.method === 'getTransaction') {
        const signature = call.params[0] as string
        return parsedTransfer(signature, 20, signature === 'new0' ? [payer, merchantA, referenceA] : [payer, merchantA])
      }
      return null
    }
    const scan = (cursor: { number: bigint; hashes: Map<bigint, string> }) =>
      reader.findPayments({ head: 30n, cursor, heights: [], maxBlocks: 100, reorgDepthLimit: 64, watches })
    const first = await scan({ number: 9n, hashes: new Map() })
    const second = await scan(first.kind === 'scanned' ? first.cursor : { number: 9n, hashes: new Map() })
    expect(second.kind === 'scanned' && second.sightings).toEqual([{ transactionId: 'new0', optionId: 'opt_1' }])
    expect(second.kind === 'scanned' && second.transactionIds.length).toBe(1500)
  })

  it('reports inclusion from confirmed on, with the finalized slot as head; processed or unknown is not in a block', async () => {
    const reader = connectSolana({ caipNetworkId: 'solana:test', rpcUrl }, { timeoutMs: 2000 })
    const statuses: Record<string, unknown> = {
      processed: { slot: 30, err: null, confirmationStatus: 'processed', confirmations: 0 },
      confirmed: { slot: 25, err: null, confirmationStatus: 'confirmed', confirmations: 3 },
      finalized: { slot: 15, err: null, confirmationStatus: 'finalized', confirmations: null },
      failed: {
        slot: 16,
        err: { InstructionError: [0, 'Custom'] },
        confirmationStatus: 'finalized',
        confirmations: null,
      },
    }
    answer = (call) => {
      if (call.method === 'getSlot') return 20
      if (call.method === 'getSignatureStatuses')
        return { context: { slot: 30 }, value: (call.params[0] as string[]).map((s) => statuses[s] ?? null) }
      if (call.method === 'getTransaction')
        return statuses[call.params[0] as string]
          ? parsedTransfer(call.params[0] as string, 15, [payer, merchantA])
          : null
      return null
    }
    const options = [{ id: 'opt', tokenAddress: null, recipient: merchantA }]
    requests.length = 0
    const { head, findings } = await reader.readEvidence(
      ['processed', 'confirmed', 'finalized', 'failed', 'unknown'].map((transactionId) => ({ transactionId, options })),
    )
    expect(requests).toHaveLength(1)
    expect(head).toBe(20n)
    expect(findings[0]).toEqual({ known: true, inclusion: null, block: null, match: null })
    expect(findings[1]!.inclusion).toEqual({ blockNumber: 25n, blockHash: slotBlockHash(25n), success: true })
    expect(findings[2]!.match).toEqual({ ok: true, credits: [{ optionId: 'opt', logIndex: 0, amount: 5n, payer }] })
    expect(findings[3]).toMatchObject({ inclusion: { success: false }, match: { ok: false, reason: 'tx_reverted' } })
    expect(findings[4]).toEqual({ known: false, inclusion: null, block: null, match: null })

    // Not yet in a block: offered to the tracker again on every round until it is.
    const scan = await reader.findPayments({
      head: 20n,
      cursor: { number: 19n, hashes: new Map() },
      heights: [],
      maxBlocks: 100,
      reorgDepthLimit: 64,
      watches: [],
    })
    expect(scan.kind === 'scanned' && scan.transactionIds.sort()).toEqual(['processed', 'unknown'])
  })

  it('keeps the head below a transaction still only confirmed in a slot the finalized head passed', async () => {
    const reader = connectSolana({ caipNetworkId: 'solana:test', rpcUrl }, { timeoutMs: 2000 })
    answer = (call) => {
      if (call.method === 'getSlot') return 40
      if (call.method === 'getSignatureStatuses')
        return { value: [{ slot: 35, err: null, confirmationStatus: 'confirmed', confirmations: 5 }] }
      return null
    }
    expect((await reader.readEvidence([{ transactionId: 'late', options: null }])).head).toBe(34n)
  })

  it('reads the head and the identity in one request', async () => {
    const reader = connectSolana({ caipNetworkId: 'solana:test', rpcUrl }, { timeoutMs: 2000 })
    answer = (call) => (call.method === 'getSlot' ? 7 : '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZAMdL4VZHirAn')
    requests.length = 0
    expect(await Promise.all([reader.readHead(), reader.readIdentity()])).toEqual([
      7n,
      'genesis 4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZAMdL4VZHirAn',
    ])
    expect(requests).toHaveLength(1)
    expect(requests[0]![0]!.params).toEqual([{ commitment: 'finalized' }])
  })
})
