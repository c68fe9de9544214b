import {
  apiErrorSchema,
  isPayerLanguage,
  linkIdParamsSchema,
  receiptEmailAnswerSchema,
  receiptEmailBodySchema,
} from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { ConflictError } from '../errors.js'
import { defineRoute } from '../http/defineRoute.js'
import type { RateLimit } from '../http/routeRegistry.js'
import type { ReceiptMailer } from './receiptMailer.js'
import { requestReceiptEmail } from './requestReceiptEmail.js'

export interface ReceiptRoutesOptions {
  db: Db
  /** Null when SMTP_URL is not set: the route answers 409 EMAIL_RECEIPTS_OFF. */
  mailer: ReceiptMailer | null
  rateLimit: RateLimit
}

export const receiptRoutes: FastifyPluginAsync<ReceiptRoutesOptions> = async (app, { db, mailer, rateLimit }) => {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/links/:id/receipt-email',
      operationId: 'requestReceiptEmail',
      summary:
        "Email the link's receipt to the payer once it is paid (at once if it is); the address is erased after sending",
      description:
        "Public: anyone with the link's id may ask, so a link's receipt goes to at most 3 distinct addresses ever (sent ones included), and the same address asked again within an hour is answered as before (`sent` or `queued`) without a second mail. The Subject and the text part carry the merchant only as a short plain name (letters, digits, spaces, `& ' - , ( )`, at most 40 characters). The merchant can turn receipt mail off per link (`receiptEmail: false`). The mail is written in `language` (the payer's page's: en, es, pt-BR, fr, de, tr, id, zh-CN or ar; English when absent).",
      tags: ['links'],
      params: linkIdParamsSchema,
      body: receiptEmailBodySchema,
      rateLimit,
      responses: {
        202: { description: 'queued (sent once the link is paid) or sent', schema: receiptEmailAnswerSchema },
        400: {
          description: 'Not an email address, or a language receipts are not written in (INVALID_REQUEST)',
          schema: apiErrorSchema,
        },
        404: { description: 'No such link (LINK_NOT_FOUND)', schema: apiErrorSchema },
        409: {
          description:
            "No SMTP_URL on this instance (EMAIL_RECEIPTS_OFF), the merchant turned receipt mail off for this link (RECEIPT_EMAIL_OFF_FOR_LINK), the link expired unpaid (LINK_EXPIRED), or the link's receipt already went to 3 addresses (TOO_MANY_RECEIPT_EMAILS)",
          schema: apiErrorSchema,
        },
        429: { description: 'Too many requests from this address (RATE_LIMITED)', schema: apiErrorSchema },
      },
    },
    async ({ params, body, reply }) => {
      if (!mailer)
        throw new ConflictError(
          'EMAIL_RECEIPTS_OFF',
          'This Paylink instance sends no email receipts (its operator set no SMTP_URL).',
        )
      // The schema refused any other tag; this narrows its string to the type.
      const language = body.language && isPayerLanguage(body.language) ? body.language : 'en'
      return reply.code(202).send(await requestReceiptEmail(db, mailer, params.id, body.email, language))
    },
  )
}
