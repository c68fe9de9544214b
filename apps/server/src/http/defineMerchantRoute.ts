import type { FastifyInstance } from 'fastify'
import { defineRoute } from './defineRoute.js'
import { merchantOnlyResponses } from './merchantResponses.js'
import type { Infer, RouteInput, RouteSpec, Schema } from './routeRegistry.js'

type Part = Schema | undefined

/** The signed-in merchant, as `app.requireMerchant` (merchants/) resolves it. */
type Merchant = Awaited<ReturnType<FastifyInstance['requireMerchant']>>

/**
 * defineRoute for a merchant's own data (session or API key): the handler runs once
 * `app.requireMerchant` has found the merchant and gets it; the answer is never cached
 * (cache-control: no-store), and the spec's responses get merchantOnlyResponses.
 */
export function defineMerchantRoute<P extends Part = undefined, Q extends Part = undefined, B extends Part = undefined>(
  app: FastifyInstance,
  spec: RouteSpec<P, Q, B>,
  handler: (input: RouteInput<Infer<P>, Infer<Q>, Infer<B>> & { merchant: Merchant }) => unknown,
): void {
  defineRoute(app, { ...spec, responses: { ...spec.responses, ...merchantOnlyResponses } }, async (input) => {
    const merchant = await app.requireMerchant(input.request)
    input.reply.header('cache-control', 'no-store')
    return handler({ ...input, merchant })
  })
}
