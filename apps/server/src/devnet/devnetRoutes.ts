import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { NotFoundError, UpstreamError } from '../errors.js'
import { defineRoute } from '../http/defineRoute.js'

export interface DevnetRoutesOptions {
  /** chainId -> the anvil JSON-RPC URL on loopback. */
  upstreams: Record<number, string>
  /** How long to wait for anvil (default 30 s; mining can take a moment). */
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

export const rpcProxyBodyLimit = 1024 * 1024

/**
 * Demo only: makes the local anvil chains reachable same-origin from the browser
 * (`/devnet/rpc/<chainId>`), so the page needs no CORS and no port of its own per chain.
 */
export const devnetRoutes: FastifyPluginAsync<DevnetRoutesOptions> = async (app, { upstreams, timeoutMs = 30_000 }) => {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/devnet/rpc/:chainId',
      operationId: 'devnetRpc',
      summary: 'JSON-RPC to a local demo chain (devnet only)',
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
    async ({ params, body, reply }) => {
      const upstream = upstreams[params.chainId]
      if (!upstream) throw new NotFoundError('NOT_FOUND', `No devnet chain with id ${params.chainId}`)
      let response: Response
      try {
        response = await fetch(upstream, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (cause) {
        throw new UpstreamError('UPSTREAM_UNAVAILABLE', `Devnet chain ${params.chainId} did not answer`, { cause })
      }
      const text = await response.text().catch(() => '')
      let answer: unknown
      try {
        answer = JSON.parse(text)
      } catch (cause) {
        throw new UpstreamError('UPSTREAM_UNAVAILABLE', `Devnet chain ${params.chainId} answered HTTP ${response.status} without JSON`, {
          cause,
        })
      }
      // A JSON-RPC error still arrives as JSON; only the proxy's own view of the chain is 502.
      return reply
        .code(response.status >= 500 ? 502 : response.status)
        .header('cache-control', 'no-store')
        .send(answer)
    },
  )
}
