import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import {
  caipAssetIdSchema,
  caipNetworkIdSchema,
  decimalAmountSchema,
  maxAddressLength,
  parseCaipNetworkId,
} from '@paylink/shared'
import { chainCores } from '@paylink/chains/core'
import { z } from 'zod'
import { NotFoundError, UpstreamError } from '../errors.js'
import { defineRoute } from '../http/defineRoute.js'
import { requestFaucet, type DevnetFaucet } from './devnetFaucet.js'
import { filterSolanaFrame, isAllowedEvmMethod, isAllowedSolanaMethod, refuseRpcMethod } from './devnetRpcMethods.js'
import type { DevnetMiner } from './devnetMiners.js'
import {
  devnetBitcoinEsploraPath,
  devnetSolanaRpcPath,
  devnetSolanaWsPath,
  type DevnetUpstreams,
} from './devnetNetworks.js'
import { proxyWebsockets } from './proxyWebsockets.js'

export interface DevnetRoutesOptions {
  /** caipNetworkId -> the devnet's own RPC (and websocket) on loopback. */
  upstreams: DevnetUpstreams
  /** The faucets of the devnet's chain families (POST /devnet/faucet). */
  faucets?: readonly DevnetFaucet[]
  /** caipNetworkId -> how to mine a block there now (POST /devnet/mine). */
  miners?: Readonly<Record<string, DevnetMiner>>
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
type JsonRpcBody = z.infer<typeof jsonRpcBodySchema>
const evmPolicy = { chain: 'EVM', allows: isAllowedEvmMethod }
const solanaPolicy = { chain: 'Solana', allows: isAllowedSolanaMethod }
const paramsSchema = z.object({ chainId: z.coerce.number().int().positive() })
const faucetBodySchema = z.object({
  asset: caipAssetIdSchema,
  address: z.string().min(1).max(maxAddressLength),
  amount: decimalAmountSchema,
})
const faucetAnswerSchema = z.object({
  transactionId: z.string().nullable(),
  asset: z.string(),
  address: z.string(),
  amount: z.string(),
})
/** The most blocks one request mines: enough to bury a payment, short enough to answer at once. */
export const maxMinedBlocks = 100
const mineBodySchema = z.strictObject({
  caipNetworkId: caipNetworkIdSchema,
  blocks: z.number().int().min(1).max(maxMinedBlocks),
})
const mineAnswerSchema = z.object({ caipNetworkId: z.string(), blockHashes: z.array(z.string()) })
const esploraParamsSchema = z.object({ '*': z.string().max(2048) })
/** Esplora's POST /tx body: the raw transaction as hex text (a standard transaction is at most 400,000 weight units). */
const esploraBodySchema = z.string().max(800_000)

export const rpcProxyBodyLimit = 1024 * 1024

/** What a JSON-RPC proxy route to one devnet chain takes and answers: the words name the chain. */
const jsonRpcProxySpec = (answer: string, missing: string, silent: string) => ({
  tags: ['devnet'],
  body: jsonRpcBodySchema,
  bodyLimit: rpcProxyBodyLimit,
  responses: {
    200: { description: answer, schema: z.unknown() },
    404: { description: missing },
    502: { description: silent },
  },
})

/**
 * Demo only: makes the local chains reachable same-origin from the browser
 * (`/devnet/rpc/<chainId>` for anvil, `/devnet/solana/rpc` and the websocket `/devnet/solana/ws`
 * for the Solana devnet, `/devnet/bitcoin/esplora/*` for the Bitcoin devnet's Esplora API), so the
 * page needs no CORS and no port of its own per chain; the one faucet for every devnet asset
 * (`POST /devnet/faucet`); and `POST /devnet/mine` for the chains whose blocks come on a timer.
 */
export const devnetRoutes: FastifyPluginAsync<DevnetRoutesOptions> = async (
  app,
  { upstreams, faucets = [], miners = {}, allowedOrigins = [], timeoutMs = 30_000 },
) => {
  const forward = async (
    caipNetworkId: string,
    label: string,
    body: JsonRpcBody,
    policy: { chain: string; allows: (method: string) => boolean },
    reply: FastifyReply,
  ) => {
    const upstream = upstreams[caipNetworkId]
    if (!upstream) throw new NotFoundError('NOT_FOUND', `No devnet chain ${label}`)
    // Element by element: a batch's allowed calls still go through, each refused one gets its error in its place.
    const calls = Array.isArray(body) ? body : [body]
    const passed = calls.filter((call) => policy.allows(call.method))
    const answerInPlace = (upstreamAnswers: unknown[]) => {
      let next = 0
      return calls.map((call) =>
        policy.allows(call.method) ? upstreamAnswers[next++] : refuseRpcMethod(call, policy.chain),
      )
    }
    if (passed.length === 0) {
      const refused = answerInPlace([])
      return reply.header('cache-control', 'no-store').send(Array.isArray(body) ? refused : refused[0])
    }
    let response: Response
    try {
      response = await fetch(upstream.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(Array.isArray(body) ? passed : body),
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
      throw new UpstreamError(
        'UPSTREAM_UNAVAILABLE',
        `Devnet chain ${label} answered HTTP ${response.status} without JSON`,
        { cause },
      )
    }
    // A batch whose answer is not one answer per forwarded call (an error for the whole batch) goes back as it came.
    if (Array.isArray(body) && passed.length < calls.length && Array.isArray(answer) && answer.length === passed.length)
      answer = answerInPlace(answer)
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
      summary:
        'JSON-RPC to a local demo EVM chain (devnet only): eth_*, net_*, web3_*, personal_sign and evm_mine; any other method is answered -32601',
      params: paramsSchema,
      ...jsonRpcProxySpec(
        "The chain's JSON-RPC answer, as given",
        'No devnet chain with that id',
        'The devnet chain did not answer',
      ),
    },
    ({ params, body, reply }) =>
      forward(`eip155:${params.chainId}`, `with id ${params.chainId}`, body, evmPolicy, reply),
  )

  const solana = Object.keys(upstreams).find(
    (caipNetworkId) => parseCaipNetworkId(caipNetworkId).namespace === chainCores.solana.namespace,
  )
  defineRoute(
    app,
    {
      method: 'POST',
      url: devnetSolanaRpcPath,
      operationId: 'devnetSolanaRpc',
      summary:
        'JSON-RPC to the local demo Solana chain (devnet only): reads, simulateTransaction and sendTransaction (no requestAirdrop: POST /devnet/faucet); its subscriptions are at the websocket /devnet/solana/ws',
      ...jsonRpcProxySpec(
        "The devnet's JSON-RPC answer, as given",
        'The devnet runs no Solana chain',
        'The Solana devnet did not answer',
      ),
    },
    ({ body, reply }) => forward(solana ?? 'solana:none', 'on Solana', body, solanaPolicy, reply),
  )
  const solanaWsUrl = solana ? upstreams[solana]?.wsUrl : undefined
  if (solanaWsUrl) {
    const websockets = proxyWebsockets({
      server: app.server,
      routes: { [devnetSolanaWsPath]: solanaWsUrl },
      allowedOrigins,
      filterFrame: filterSolanaFrame,
    })
    app.addHook('preClose', async () => websockets.close())
  }

  const bitcoin = Object.keys(upstreams).find(
    (caipNetworkId) => parseCaipNetworkId(caipNetworkId).namespace === chainCores.bip122.namespace,
  )
  const esploraUrl = bitcoin ? upstreams[bitcoin]?.rpcUrl : undefined
  // Esplora is REST, not JSON-RPC: the path and query go through as they are, and so does the
  // answer, byte for byte (JSON, text, Esplora's 4xx text for a refused transaction, and the
  // binary /block/:hash/raw, which read as text came back re-encoded as UTF-8: a corrupt block).
  const forwardEsplora = async (
    method: 'GET' | 'POST',
    path: string,
    url: string,
    body: string | undefined,
    reply: FastifyReply,
  ) => {
    if (!esploraUrl) throw new NotFoundError('NOT_FOUND', 'The devnet runs no Bitcoin chain')
    const query = url.includes('?') ? url.slice(url.indexOf('?')) : ''
    let response: Response
    try {
      response = await fetch(`${esploraUrl}/${path}${query}`, {
        method,
        ...(body !== undefined ? { body, headers: { 'content-type': 'text/plain' } } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (cause) {
      throw new UpstreamError('UPSTREAM_UNAVAILABLE', 'The Bitcoin devnet did not answer', { cause })
    }
    const bytes = Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)))
    if (response.status >= 500)
      throw new UpstreamError('UPSTREAM_UNAVAILABLE', `The Bitcoin devnet answered HTTP ${response.status}`)
    return reply
      .code(response.status)
      .header('cache-control', 'no-store')
      .type(response.headers.get('content-type') ?? 'text/plain')
      .send(bytes)
  }
  const esploraResponses = {
    200: { description: "The devnet Esplora's answer, as given (JSON or text)", schema: z.unknown() },
    404: { description: 'Not found, or the devnet runs no Bitcoin chain' },
    502: { description: 'The Bitcoin devnet did not answer' },
  }
  defineRoute(
    app,
    {
      method: 'GET',
      url: `${devnetBitcoinEsploraPath}/*`,
      operationId: 'devnetBitcoinEsploraGet',
      summary:
        "The local demo Bitcoin chain's Esplora REST API (devnet only): /blocks/tip/height, /address/:a/utxo, /fee-estimates, …",
      tags: ['devnet'],
      params: esploraParamsSchema,
      responses: esploraResponses,
    },
    ({ params, request, reply }) => forwardEsplora('GET', params['*'], request.url, undefined, reply),
  )
  defineRoute(
    app,
    {
      method: 'POST',
      url: `${devnetBitcoinEsploraPath}/*`,
      operationId: 'devnetBitcoinEsploraPost',
      summary:
        "Esplora's POST /tx on the local demo Bitcoin chain (devnet only): raw transaction hex as text -> txid, or the node's reason (400)",
      tags: ['devnet'],
      params: esploraParamsSchema,
      body: esploraBodySchema,
      bodyLimit: rpcProxyBodyLimit,
      responses: esploraResponses,
    },
    ({ params, body, request, reply }) => {
      // Esplora's one write is broadcasting a transaction; nothing else is posted on to the devnet.
      if (params['*'].replace(/\/+$/, '') !== 'tx')
        throw new NotFoundError(
          'NOT_FOUND',
          `The demo's Bitcoin proxy takes POST ${devnetBitcoinEsploraPath}/tx only (and GETs), not POST /${params['*']}`,
        )
      return forwardEsplora('POST', 'tx', request.url, body, reply)
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/devnet/mine',
      operationId: 'devnetMine',
      summary:
        'Mines 1 to 100 blocks now on a devnet chain whose blocks otherwise come on a timer (Bitcoin; devnet only)',
      tags: ['devnet'],
      body: mineBodySchema,
      responses: {
        200: { description: 'Mined; the new blocks hashes, oldest first', schema: mineAnswerSchema },
        404: { description: 'No devnet chain with that id can be mined on demand' },
      },
    },
    async ({ body, reply }) => {
      const mine = Object.hasOwn(miners, body.caipNetworkId) ? miners[body.caipNetworkId] : undefined
      if (!mine)
        throw new NotFoundError(
          'NOT_FOUND',
          `caipNetworkId: no devnet chain ${body.caipNetworkId} to mine (mined on demand: ${Object.keys(miners).join(', ') || 'none'})`,
        )
      const blockHashes = await mine(body.blocks)
      reply.header('cache-control', 'no-store')
      return { caipNetworkId: body.caipNetworkId, blockHashes }
    },
  )

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
        200: {
          description: 'Sent; transactionId is null where the devnet set the balance without a transaction (EVM coin)',
          schema: faucetAnswerSchema,
        },
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
