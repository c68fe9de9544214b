import {
  apiErrorSchema,
  logoParamsSchema,
  merchantProfileAnswerSchema,
  putMerchantProfileBodySchema,
} from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { NotFoundError } from '../errors.js'
import { defineRoute } from '../http/defineRoute.js'
import { merchantOnlyResponses } from '../http/merchantResponses.js'
import { readLogo, readMerchantProfile, saveMerchantProfile } from './merchantProfileService.js'

export interface MerchantProfileRoutesOptions {
  db: Db
}

/**
 * What payers see of the merchant (display name, logo, brand colour) and the logo images
 * themselves, public and content-addressed.
 */
export const merchantProfileRoutes: FastifyPluginAsync<MerchantProfileRoutesOptions> = async (app, { db }) => {
  const tags = ['merchant profile']

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/merchant/profile',
      operationId: 'getMerchantProfile',
      summary: "The signed-in merchant's public profile (nulls before the first save)",
      tags,
      responses: {
        200: { description: 'The profile', schema: merchantProfileAnswerSchema },
        ...merchantOnlyResponses,
      },
    },
    async ({ request }) => ({ profile: await readMerchantProfile(db, await app.requireMerchant(request)) }),
  )

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/merchant/profile',
      operationId: 'putMerchantProfile',
      summary:
        'Save the display name, brand colour (#rrggbb) and logo (PNG, JPEG or WebP data URL, at most 256 KiB; SVG refused; null removes, omitted keeps)',
      tags,
      body: putMerchantProfileBodySchema,
      // The logo comes inside the JSON as base64: 256 KiB of image is about 342 KiB of text.
      bodyLimit: 400 * 1024,
      rateLimit: { max: 30, timeWindow: 60_000 },
      responses: {
        200: { description: 'The saved profile', schema: merchantProfileAnswerSchema },
        400: {
          description: 'A field is wrong, naming it (INVALID_REQUEST): e.g. an SVG or oversized logo',
          schema: apiErrorSchema,
        },
        ...merchantOnlyResponses,
      },
    },
    async ({ body, request }) => ({ profile: await saveMerchantProfile(db, await app.requireMerchant(request), body) }),
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/merchant-logos/:hash',
      operationId: 'getMerchantLogo',
      summary: 'A merchant logo by the SHA-256 of its bytes (public, cached for a year: a new logo is a new URL)',
      tags,
      params: logoParamsSchema,
      responses: {
        200: { description: 'The image (image/png, image/jpeg or image/webp)' },
        404: { description: 'No such logo (NOT_FOUND)', schema: apiErrorSchema },
      },
    },
    async ({ params, reply }) => {
      const logo = await readLogo(db, params.hash)
      if (!logo) throw new NotFoundError('NOT_FOUND', 'No such logo.')
      // The bytes were checked to be this type at upload; nosniff (helmet) keeps the browser to it,
      // and the sandbox keeps the file inert if it is opened on its own.
      return reply
        .type(logo.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .send(logo.bytes)
    },
  )
}
