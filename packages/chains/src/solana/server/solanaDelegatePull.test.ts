import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { afterEach, describe, expect, it } from 'vitest'
import type { PullRequest } from '../../serverFace/collector.js'
import { createSolanaDelegateCollector } from './solanaDelegatePull.js'

// The pull's send against a node that lags and lies for a moment, scripted answer by answer: what
// the devnet tests cannot make happen on purpose (a status the node does not have yet, an expired
// blockhash while the transfer landed, a resend refused as "already processed").

const network = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
type Call = { id: number; method: string }
type Status = { err: unknown; confirmationStatus: string } | null
interface Script {
  /** What sendTransaction answers: nothing (the signature) or a JSON-RPC error. */
  sendError?: { code: number; message: string }
  /** getSignatureStatuses' answers in order; the last one repeats. */
  statuses: Status[]
  /** isBlockhashValid's answer. */
  blockhashValid: boolean
  /** getSignatureStatuses' answer once isBlockhashValid was asked (a landing in between). */
  afterExpiryRead?: Status
}

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A JSON-RPC endpoint answering from `script`; counts the calls by method. */
async function scriptedNode(script: Script) {
  const calls: Record<string, number> = {}
  let statusReads = 0
  let expiryRead = false
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      // createJsonRpc sends batches: one answer per call, in order.
      const parsed = JSON.parse(body) as Call | Call[]
      const answers = (Array.isArray(parsed) ? parsed : [parsed]).map((call) => {
        calls[call.method] = (calls[call.method] ?? 0) + 1
        const answer = (result: unknown) => ({ jsonrpc: '2.0', id: call.id, result })
        let reply: unknown
        switch (call.method) {
          case 'getLatestBlockhash':
            reply = answer({
              context: { slot: 1 },
              value: { blockhash: base58.encode(new Uint8Array(32).fill(7)), lastValidBlockHeight: 150 },
            })
            break
          case 'sendTransaction':
            reply = script.sendError ? { jsonrpc: '2.0', id: call.id, error: script.sendError } : answer('signature')
            break
          case 'getSignatureStatuses': {
            const status =
              expiryRead && script.afterExpiryRead !== undefined
                ? script.afterExpiryRead
                : script.statuses[Math.min(statusReads++, script.statuses.length - 1)]
            reply = answer({ context: { slot: 1 }, value: [status ?? null] })
            break
          }
          case 'isBlockhashValid':
            expiryRead = true
            reply = answer({ context: { slot: 1 }, value: script.blockhashValid })
            break
          default:
            reply = { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `no ${call.method} here` } }
        }
        return reply
      })
      const reply = Array.isArray(parsed) ? answers : answers[0]
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const secret = ed25519.utils.randomPrivateKey()
  const collector = await createSolanaDelegateCollector(new Uint8Array([...secret, ...ed25519.getPublicKey(secret)]), {
    endpointOf: (caipNetworkId) => ({ caipNetworkId, rpcUrl }),
    timeoutMs: 2000,
  })
  const key = () => base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
  const request: PullRequest = {
    caipNetworkId: network,
    collectorId: '',
    payer: key(),
    token: key(),
    decimals: 6,
    to: key(),
    amount: 5_000_000n,
  }
  const { raw } = await collector.sign(request)
  return { collector, raw, calls }
}

const landed: Status = { err: null, confirmationStatus: 'confirmed' }
const failed: Status = { err: { InstructionError: [0, 'Custom'] }, confirmationStatus: 'confirmed' }
const processed: Status = { err: null, confirmationStatus: 'processed' }

describe('a Solana delegate pull sent to a node that lags and lies', () => {
  it('a status the node does not have yet, its blockhash still valid: unknown (asked again later), never dropped', async () => {
    const { collector, raw } = await scriptedNode({ statuses: [null], blockhashValid: true })
    expect(await collector.send(network, raw, 300)).toEqual({ status: 'unknown' })
  })

  it('seen but not confirmed when the wait ends, even with the blockhash expired: unknown, never dropped', async () => {
    const { collector, raw } = await scriptedNode({ statuses: [processed], blockhashValid: false })
    expect(await collector.send(network, raw, 300)).toEqual({ status: 'unknown' })
  })

  it('absent after its blockhash expired: dropped (a new pull may be signed)', async () => {
    const { collector, raw, calls } = await scriptedNode({ statuses: [null], blockhashValid: false })
    expect(await collector.send(network, raw, 300)).toEqual({ status: 'dropped' })
    expect(calls.isBlockhashValid).toBe(1)
  })

  it('landed between the last poll and the expiry read: success, not dropped', async () => {
    const { collector, raw } = await scriptedNode({ statuses: [null], blockhashValid: false, afterExpiryRead: landed })
    expect(await collector.send(network, raw, 300)).toEqual({ status: 'success' })
  })

  it('a resend refused as "already processed" or on a blockhash a lagging node lacks is not the payer refusing', async () => {
    for (const message of [
      'Transaction simulation failed: This transaction has already been processed',
      'Transaction simulation failed: Blockhash not found',
    ]) {
      const { collector, raw } = await scriptedNode({
        sendError: { code: -32002, message },
        statuses: [null, landed],
        blockhashValid: true,
      })
      expect(await collector.send(network, raw, 1000), message).toEqual({ status: 'success' })
    }
  })

  it("a simulation refusal of a pull no node has is the payer's refusal; one the chain ran and failed is reverted", async () => {
    const refused = await scriptedNode({
      sendError: {
        code: -32002,
        message: 'Transaction simulation failed: Error processing Instruction 0: insufficient funds',
      },
      statuses: [null],
      blockhashValid: true,
    })
    expect(await refused.collector.send(network, refused.raw, 1000)).toEqual({ status: 'reverted' })
    const ran = await scriptedNode({ statuses: [null, failed], blockhashValid: true })
    expect(await ran.collector.send(network, ran.raw, 1000)).toEqual({ status: 'reverted' })
  })
})
