import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { caipAssetIdSchema, decimalAmountSchema, maxAddressLength, parseCaipNetworkId } from '@paylink/shared'
import { z } from 'zod'
import { NotFoundError, UpstreamError } from '../errors.js'
import { defineRoute } from '../http/defineRoute.js'
import { requestFaucet, type DevnetFaucet } from './devnetFaucet.js'
import { devnetSolanaRpcPath, devnetSolanaWsPath, type DevnetUpstreams } from './devnetNetworks.js'
import { proxyWebsockets } from './proxyWebsockets.js'

export interface DevnetRoutesOptions {
  /** caipNetworkId -> the devnet's own RPC (and websocket) on loopback. */
  upstreams: DevnetUpstreams
  /** The faucets of the devnet's chain families (POST /devnet/faucet). */
  faucets?: readonly DevnetFaucet[]
  /** Origins a browser may open the devnet's websocket from (the app's public origins). */
  allowedOrigins?: readonly string[]
  /** How long to wait for a devnet node (default 30 s; mining can take a moment). */
  timeoutMs?: number
}

const jsonRpcRequestSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  method: z.string().min(1).max(100),
  params: z.unknown().optional(),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
})
const jsonRpcBodySchema = z.union([jsonRpcRequestSchema, z.array(jsonRpcRequestSchema).min(1).max(100)])
const paramsSchema = z.object({ chainId: z.coerce.number().int().positive() })
const faucetBodySchema = z.object({
  asset: caipAssetIdSchema,
  address: z.string().min(1).max(maxAddressLength),
  amount: decimalAmountSchema,
})
const faucetAnswerSchema = z.object({ transactionId: z.string().nullable(), asset: z.string(), address: z.string(), amount: z.string() })

export const rpcProxyBodyLimit = 1024 * 1024

/**
 * Demo only: makes the local chains reachable same-origin from the browser
 * (`/devnet/rpc/<chainId>` for anvil, `/devnet/solana/rpc` and the websocket `/devnet/solana/ws`
 * for the Solana devnet), so the page needs no CORS and no port of its own per chain; and the one
 * faucet for every devnet asset (`POST /devnet/faucet`).
 */
export const devnetRoutes: FastifyPluginAsync<DevnetRoutesOptions> = async (app, { upstreams, faucets = [], allowedOrigins = [], timeoutMs = 30_000 }) => {
  const forward = async (caipNetworkId: string, label: string, body: unknown, reply: FastifyReply) => {
    const upstream = upstreams[caipNetworkId]
    if (!upstream) throw new NotFoundError('NOT_FOUND', `No devnet chain ${label}`)
    let response: Response
    try {
      response = await fetch(upstream.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (cause) {
      throw new UpstreamError('UPSTREAM_UNAVAILABLE', `Devnet chain ${label} did not answer`, { cause })
    }
    const text = await response.text().catch(() => '')
    let answer: unknown
    try {
      answer = JSON.parse(text)
    } catch (cause) {
      throw new UpstreamError('UPSTREAM_UNAVAILABLE', `Devnet chain ${label} answered HTTP ${response.status} without JSON`, { cause })
    }
    // A JSON-RPC error still arrives as JSON; only the proxy's own view of the chain is 502.
    return reply
      .code(response.status >= 500 ? 502 : response.status)
      .header('cache-control', 'no-store')
      .send(answer)
  }

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/devnet/rpc/:chainId',
      operationId: 'devnetRpc',
      summary: 'JSON-RPC to a local demo EVM chain (devnet only)',
      tags: ['devnet'],
      params: paramsSchema,
      body: jsonRpcBodySchema,
      bodyLimit: rpcProxyBodyLimit,
      responses: {
        200: { description: "The chain's JSON-RPC answer, as given", schema: z.unknown() },
        404: { description: 'No devnet chain with that id' },
        502: { description: 'The devnet chain did not answer' },
      },
    },
    ({ params, body, reply }) => forward(`eip155:${params.chainId}`, `with id ${params.chainId}`, body, reply),
  )

  const solana = Object.keys(upstreams).find((caipNetworkId) => parseCaipNetworkId(caipNetworkId).namespace === 'solana')
  defineRoute(
    app,
    {
      method: 'POST',
      url: devnetSolanaRpcPath,
      operationId: 'devnetSolanaRpc',
      summary: 'JSON-RPC to the local demo Solana chain (devnet only); its subscriptions are at the websocket /devnet/solana/ws',
      tags: ['devnet'],
      body: jsonRpcBodySchema,
      bodyLimit: rpcProxyBodyLimit,
      responses: {
        200: { description: "The devnet's JSON-RPC answer, as given", schema: z.unknown() },
        404: { description: 'The devnet runs no Solana chain' },
        502: { description: 'The Solana devnet did not answer' },
      },
    },
    ({ body, reply }) => forward(solana ?? 'solana:none', 'on Solana', body, reply),
  )
  const solanaWsUrl = solana ? upstreams[solana]?.wsUrl : undefined
  if (solanaWsUrl) {
    const websockets = proxyWebsockets({ server: app.server, routes: { [devnetSolanaWsPath]: solanaWsUrl }, allowedOrigins })
    app.addHook('preClose', async () => websockets.close())
  }

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/devnet/faucet',
      operationId: 'devnetFaucet',
      summary: 'Sends devnet funds (the coin or the demo token of any devnet chain) to an address (devnet only)',
      tags: ['devnet'],
      body: faucetBodySchema,
      responses: {
        200: { description: 'Sent; transactionId is null where the devnet set the balance without a transaction (EVM coin)', schema: faucetAnswerSchema },
        409: { description: 'The faucet holds less than asked (FAUCET_EMPTY)' },
        502: { description: 'The devnet did not send' },
      },
    },
    async ({ body, reply }) => {
      const answer = await requestFaucet(faucets, body)
      reply.header('cache-control', 'no-store')
      return answer
    },
  )
}
