import {
  linkIdParamsSchema,
  redeliverParamsSchema,
  rotatedWebhookSecretSchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookSettingsSchema,
} from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { defineMerchantRoute } from '../http/defineMerchantRoute.js'
import { defineRoute } from '../http/defineRoute.js'
import { errorResponse, merchantOnlyResponses } from '../http/merchantResponses.js'
import type { WebhookPolicy } from './checkWebhookUrl.js'
import { rotateWebhookSecret } from './rotateWebhookSecret.js'
import { updateLinkWebhook } from './updateLinkWebhook.js'
import { listWebhookDeliveries, redeliverWebhook } from './webhookDeliveries.js'
import type { WebhookWorker } from './webhookWorker.js'

export interface WebhookRoutesOptions {
  db: Db
  policy: WebhookPolicy
  /** Poked after a change, so a queued delivery goes out at once. */
  worker: Pick<WebhookWorker, 'poke'>
}

const notFound = errorResponse('No such link (LINK_NOT_FOUND)')

/** A link's webhooks (merchant): deliveries, redelivery, the URL. Needs `app.requireMerchant` (merchants/). */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, { db, policy, worker }) => {
  defineMerchantRoute(
    app,
    {
      method: 'GET',
      url: '/api/links/:id/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: "A link's webhook deliveries (merchant): status code, attempts, next retry",
      tags: ['webhooks'],
      params: linkIdParamsSchema,
      responses: {
        200: { description: 'Newest first', schema: webhookDeliveryListSchema },
        404: notFound,
      },
    },
    async ({ params, merchant }) => listWebhookDeliveries(db, merchant, params.id),
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/links/:id/webhooks/:deliveryId/redeliver',
      operationId: 'redeliverWebhook',
      idempotent: true,
      summary: 'Send a webhook event again (same event id and body, new signature)',
      tags: ['webhooks'],
      params: redeliverParamsSchema,
      responses: {
        202: { description: 'Queued; the worker sends it at once', schema: webhookDeliverySchema },
        ...merchantOnlyResponses,
        404: errorResponse('No such link of yours or delivery (LINK_NOT_FOUND, DELIVERY_NOT_FOUND)'),
        409: errorResponse('The link has no webhook URL (NO_WEBHOOK_URL)'),
      },
    },
    async ({ params, request, reply }) => {
      const merchant = await app.requireMerchant(request)
      const delivery = await redeliverWebhook(db, merchant, params.id, params.deliveryId)
      worker.poke()
      return reply.code(202).send(delivery)
    },
  )

  defineMerchantRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/links/:id/webhook',
      operationId: 'updateLinkWebhook',
      summary: "Change or remove a link's webhook URL (merchant)",
      description:
        'Events still waiting to be sent go to the new URL; with `null` they end as failed and no more are made. The signing secret stays; a link that had none gets one, returned only in this answer.',
      tags: ['webhooks'],
      params: linkIdParamsSchema,
      body: updateWebhookBodySchema,
      responses: {
        200: { description: "The link's webhook settings now", schema: webhookSettingsSchema },
        400: errorResponse('The URL is not allowed (INVALID_REQUEST naming body.webhookUrl)'),
        404: notFound,
      },
    },
    async ({ params, body, merchant }) => {
      const settings = await updateLinkWebhook(db, { merchant, linkId: params.id, webhookUrl: body.webhookUrl, policy })
      worker.poke()
      return settings
    },
  )

  defineMerchantRoute(
    app,
    {
      method: 'POST',
      url: '/api/links/:id/webhook/rotate-secret',
      operationId: 'rotateWebhookSecret',
      idempotent: true,
      summary: "Replace a link's webhook signing secret (the new one is shown only in this answer)",
      description:
        'For 24 h deliveries carry two signatures in `webhook-signature` (new secret, then the replaced one), so a receiver can switch without missing an event; then the replaced secret is dropped. Rotating again within the 24 h keeps only the secret just replaced.',
      tags: ['webhooks'],
      params: linkIdParamsSchema,
      responses: {
        200: { description: 'The new secret', schema: rotatedWebhookSecretSchema },
        404: notFound,
        409: errorResponse('The link has no webhook URL (NO_WEBHOOK_URL)'),
      },
    },
    async ({ params, merchant }) => rotateWebhookSecret(db, { merchant, linkId: params.id }),
  )
}
