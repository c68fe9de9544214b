import { chainCoreOf } from '@paylink/chains/core'
import {
  amountCapProblem,
  createPaidUrlBodySchema,
  formatUnits,
  maxPaidUrlContentBytes,
  paidUrlListSchema,
  paidUrlParamsSchema,
  paidUrlSchema,
  parseCaipAssetId,
  parseUnits,
  setPaidUrlDisabledBodySchema,
  type CreatePaidUrlBody,
  type PaidUrl,
} from '@paylink/shared'
import type { FacilitatorClient, HTTPAdapter, HTTPRequestContext } from '@x402/core/server'
import type { Network, PaymentPayload, PaymentRequirements, SchemeNetworkServer } from '@x402/core/types'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { newId } from '../db/newId.js'
import type { Db } from '../db/openDatabase.js'
import { x402Resources } from '../db/schema.js'
import { NotFoundError, RequestValidationError } from '../errors.js'
import { defineMerchantRoute } from '../http/defineMerchantRoute.js'
import { errorResponse } from '../http/merchantResponses.js'
import type { Merchant } from '../merchants/merchant.js'
import { checkWebhookUrl, type WebhookPolicy } from '../webhooks/checkWebhookUrl.js'
import { facilitatorRequestSchema } from './facilitatorRequest.js'
import { fetchTarget } from './fetchTarget.js'
import type { PaylinkFacilitator } from './paylinkFacilitator.js'
import { x402Libraries, type X402Libraries } from './x402Libraries.js'
import { merchantReceivesAt } from './x402Payments.js'

export interface PaidUrlRoutesOptions {
  db: Db
  facilitator: PaylinkFacilitator
  /** Where payers reach this Paylink: a paid URL is `<publicOrigin>/x402/r/<id>`. */
  publicOrigin: string
  /** What a target URL may be: the webhook URLs' rules. */
  policy: WebhookPolicy
}

type Row = typeof x402Resources.$inferSelect

class PaidUrlNotFoundError extends NotFoundError {
  constructor() {
    super('PAID_URL_NOT_FOUND', 'No such paid URL, or it is disabled.')
  }
}

/** The merchant a row belongs to, from its id (`namespace:address`). */
const merchantOfId = (id: string): Merchant => {
  const colon = id.indexOf(':')
  return { id, namespace: id.slice(0, colon), address: id.slice(colon + 1) }
}

// The x402 packages' resource-server side of the exact scheme, per family.
const serverSchemes: Record<string, (libraries: X402Libraries) => SchemeNetworkServer> = {
  eip155: ({ ExactEvmServer }) => new ExactEvmServer(),
  solana: ({ ExactSvmServer }) => new ExactSvmServer(),
}

/**
 * Paid URLs: a merchant defines a price and either a target URL or a static text, and Paylink
 * serves it at /x402/r/<id> as an x402 resource server (@x402/core's x402HTTPResourceServer). Its
 * facilitator is Paylink's own, called in-process as the merchant: no API key to hold, no loopback
 * hop, and the payment is booked with this resource's URL and description, whatever the client's
 * payload names.
 */
export const paidUrlRoutes: FastifyPluginAsync<PaidUrlRoutesOptions> = async (
  app,
  { db, facilitator, publicOrigin, policy },
) => {
  const urlOf = (id: string) => `${publicOrigin}/x402/r/${id}`
  const view = (row: Row): PaidUrl => {
    const asset = facilitator.bookedAsset({
      network: row.caipNetworkId,
      asset: parseCaipAssetId(row.assetId).assetReference,
    })
    const decimals = asset?.decimals ?? 0
    return {
      id: row.id,
      url: urlOf(row.id),
      title: row.title,
      description: row.description,
      caipNetworkId: row.caipNetworkId,
      asset: row.assetId,
      symbol: asset?.symbol ?? '',
      amount: formatUnits(BigInt(row.amount), decimals),
      payTo: row.payTo,
      targetUrl: row.targetUrl,
      content: row.content === null ? null : { type: row.contentType!, bytes: Buffer.byteLength(row.content) },
      disabled: row.disabled,
      createdAt: row.createdAt.toISOString(),
    }
  }

  /** The row to insert, or a 400 naming the field and what is wrong with it. */
  const checked = async (merchant: Merchant, body: CreatePaidUrlBody) => {
    const bad = (field: string, problem: string) => new RequestValidationError(`body.${field}: ${problem}`)
    const { caipNetworkId, assetReference } = parseCaipAssetId(body.asset)
    const asset = facilitator.settlesOn(caipNetworkId)
      ? facilitator.bookedAsset({ network: caipNetworkId, asset: assetReference })
      : undefined
    if (!asset) throw bad('asset', `${body.asset} is not a token Paylink settles over x402 here`)
    if (caipNetworkId.startsWith('eip155:') && !asset.eip712)
      throw bad('asset', `${asset.symbol} cannot be paid over x402: it does not take EIP-3009 signed transfers`)
    let atomic: bigint
    try {
      atomic = parseUnits(body.amount, asset.decimals)
    } catch {
      throw bad('amount', `${asset.symbol} has at most ${asset.decimals} digits after the point`)
    }
    if (atomic === 0n) throw bad('amount', 'must be more than zero')
    const cap = amountCapProblem(asset, atomic)
    if (cap) throw bad('amount', cap)
    const core = chainCoreOf(caipNetworkId)
    const payTo = body.payTo ?? (merchant.namespace === core?.namespace ? merchant.address : undefined)
    if (!payTo) throw bad('payTo', `name the address on ${caipNetworkId} the payments go to`)
    if (!(await merchantReceivesAt(db, merchant, caipNetworkId, payTo)))
      throw bad('payTo', `${payTo} is neither your account nor a recipient of one of your links on ${caipNetworkId}`)
    if (body.targetUrl !== undefined) {
      const problem = checkWebhookUrl(body.targetUrl, policy)
      if (problem) throw bad('targetUrl', problem)
    }
    if (body.content && Buffer.byteLength(body.content.text) > maxPaidUrlContentBytes)
      throw bad('content.text', `must be at most ${maxPaidUrlContentBytes / 1024} KiB`)
    return {
      id: newId('res'),
      merchant: merchant.id,
      title: body.title,
      description: body.description || null,
      caipNetworkId,
      assetId: body.asset,
      amount: atomic.toString(),
      payTo: core?.canonicalAddress(payTo) ?? payTo,
      targetUrl: body.targetUrl ?? null,
      contentType: body.content?.type ?? null,
      content: body.content?.text ?? null,
    }
  }

  defineMerchantRoute(
    app,
    {
      method: 'POST',
      url: '/api/x402/resources',
      operationId: 'createPaidUrl',
      idempotent: true,
      summary: 'Create a paid URL: Paylink serves it over x402 at /x402/r/<id>',
      description:
        'Signed-in merchant or API key. A price in a token Paylink settles over x402, and either `targetUrl` (fetched on each paid request, under the webhook URL rules: https, no private addresses on a real instance, no redirects) or `content` (a static text of at most 32 KiB).',
      tags: ['x402'],
      body: createPaidUrlBodySchema,
      responses: {
        201: { description: 'Created', schema: paidUrlSchema },
        400: errorResponse(
          'A malformed body, or an asset, amount, payTo or target URL Paylink refuses (INVALID_REQUEST)',
        ),
      },
    },
    async ({ body, reply, merchant }) => {
      const [row] = await db
        .insert(x402Resources)
        .values(await checked(merchant, body))
        .returning()
      reply.code(201)
      return view(row!)
    },
  )

  defineMerchantRoute(
    app,
    {
      method: 'GET',
      url: '/api/x402/resources',
      operationId: 'listPaidUrls',
      summary: 'Your paid URLs, newest first',
      description: 'Signed-in merchant or API key. At most 500.',
      tags: ['x402'],
      responses: { 200: { description: 'The paid URLs', schema: paidUrlListSchema } },
    },
    async ({ merchant }) => {
      const rows = await db
        .select()
        .from(x402Resources)
        .where(eq(x402Resources.merchant, merchant.id))
        .orderBy(desc(x402Resources.createdAt))
        .limit(500)
      return { paidUrls: rows.map(view) }
    },
  )

  defineMerchantRoute(
    app,
    {
      method: 'POST',
      url: '/api/x402/resources/:id/disabled',
      operationId: 'setPaidUrlDisabled',
      idempotent: true,
      summary: 'Disable a paid URL (it answers 404) or enable it again',
      description: 'Signed-in merchant or API key.',
      tags: ['x402'],
      params: paidUrlParamsSchema,
      body: setPaidUrlDisabledBodySchema,
      responses: {
        200: { description: 'The paid URL', schema: paidUrlSchema },
        400: errorResponse('A malformed id or body (INVALID_REQUEST)'),
        404: errorResponse('No such paid URL of yours (PAID_URL_NOT_FOUND)'),
      },
    },
    async ({ params, body, merchant }) => {
      const [row] = await db
        .update(x402Resources)
        .set({ disabled: body.disabled })
        .where(and(eq(x402Resources.id, params.id), eq(x402Resources.merchant, merchant.id)))
        .returning()
      if (!row) throw new PaidUrlNotFoundError()
      return view(row)
    },
  )

  /** Paylink's facilitator as @x402/core's resource server calls one, acting for the row's merchant. */
  const inProcessFacilitator = (row: Row): FacilitatorClient => {
    const merchant = merchantOfId(row.merchant)
    const resource = { resourceUrl: urlOf(row.id), description: row.description ?? row.title }
    // The same bounds as a request to /x402/facilitator: the payload is the client's.
    const bodyOf = (paymentPayload: PaymentPayload, paymentRequirements: PaymentRequirements) =>
      facilitatorRequestSchema.safeParse({ x402Version: 2, paymentPayload, paymentRequirements })
    return {
      getSupported: async () => facilitator.supported(),
      verify: async (payload, requirements) => {
        const body = bodyOf(payload, requirements)
        if (!body.success) return { isValid: false, invalidReason: 'invalid_payload' }
        return (await facilitator.verify(merchant, body.data)).answer
      },
      settle: async (payload, requirements) => {
        const body = bodyOf(payload, requirements)
        if (!body.success)
          return { success: false, errorReason: 'invalid_payload', transaction: '', network: requirements.network }
        return (await facilitator.settle(merchant, body.data, resource)).answer
      },
    }
  }

  const resourceServerOf = async (row: Row) => {
    const network = row.caipNetworkId as Network
    const { assetReference } = parseCaipAssetId(row.assetId)
    const asset = facilitator.bookedAsset({ network, asset: assetReference })
    const scheme = serverSchemes[network.split(':')[0]!]
    if (!asset || !scheme) return undefined
    const libraries = await x402Libraries()
    const server = new libraries.x402ResourceServer(inProcessFacilitator(row)).register(network, scheme(libraries))
    const http = new libraries.x402HTTPResourceServer(server, {
      accepts: {
        scheme: 'exact',
        network,
        payTo: row.payTo,
        price: {
          amount: row.amount,
          asset: assetReference,
          ...(asset.eip712 ? { extra: { name: asset.eip712.name, version: asset.eip712.version } } : {}),
        },
      },
      resource: urlOf(row.id),
      description: row.description ?? row.title,
      ...(row.contentType ? { mimeType: row.contentType } : {}),
    })
    await http.initialize()
    return http
  }

  const send = (reply: FastifyReply, response: { status: number; headers: Record<string, string>; body?: unknown }) =>
    reply
      .code(response.status)
      .headers(response.headers)
      .send(typeof response.body === 'string' ? response.body : (response.body ?? {}))

  // Not in the OpenAPI document: its answers are x402's (402 with PAYMENT-REQUIRED, 200 with the
  // merchant's content and PAYMENT-RESPONSE), not Paylink's JSON.
  app.get<{ Params: { id: string } }>(
    '/x402/r/:id',
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const id = paidUrlParamsSchema.safeParse(request.params)
      const [row] = id.success
        ? await db.select().from(x402Resources).where(eq(x402Resources.id, id.data.id)).limit(1)
        : []
      if (!row || row.disabled) throw new PaidUrlNotFoundError()
      const http = await resourceServerOf(row)
      if (!http) throw new PaidUrlNotFoundError()
      const adapter: HTTPAdapter = {
        getHeader: (name) => {
          const value = request.headers[name.toLowerCase()]
          return Array.isArray(value) ? value[0] : value
        },
        getMethod: () => request.method,
        getPath: () => request.url.split('?')[0]!,
        getUrl: () => urlOf(row.id),
        getAcceptHeader: () => request.headers.accept ?? '',
        getUserAgent: () => request.headers['user-agent'] ?? '',
      }
      const context: HTTPRequestContext = {
        adapter,
        path: adapter.getPath(),
        method: request.method,
        ...(adapter.getHeader('payment-signature') ? { paymentHeader: adapter.getHeader('payment-signature')! } : {}),
      }
      // Served from Paylink's origin: whatever a target answers must not run as Paylink's page.
      reply.header('content-security-policy', "sandbox; default-src 'none'").header('cache-control', 'no-store')
      const result = await http.processHTTPRequest(context)
      if (result.type === 'payment-error') return send(reply, result.response)
      if (result.type === 'no-payment-required') throw new PaidUrlNotFoundError()

      // The answer first, the settlement after (as @x402/express does): a target that fails
      // costs the payer nothing.
      const answer = row.targetUrl
        ? await fetchTarget(row.targetUrl, { policy })
        : { ok: true as const, contentType: `${row.contentType}; charset=utf-8`, body: Buffer.from(row.content ?? '') }
      if (!answer.ok) {
        await result.cancellationDispatcher.cancel({ reason: 'handler_failed', responseStatus: 502 })
        return reply
          .code(502)
          .send({ error: { code: 'PAID_URL_TARGET_FAILED', message: `${answer.error} You were not charged.` } })
      }
      const settled = await http.processSettlement(
        result.paymentPayload,
        result.paymentRequirements,
        result.declaredExtensions,
        { request: context, responseBody: answer.body },
      )
      if (!settled.success) return send(reply, settled.response)
      return reply.code(200).headers(settled.headers).header('content-type', answer.contentType).send(answer.body)
    },
  )
}
