import { publicConfigSchema, type PublicConfig } from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import { defineRoute } from '../http/defineRoute.js'

export interface PublicConfigRoutesOptions {
  publicConfig: PublicConfig
}

export const publicConfigRoutes: FastifyPluginAsync<PublicConfigRoutesOptions> = async (app, { publicConfig }) => {
  // Validated once at start: a config the web app would reject must fail the boot, not the page.
  const body = publicConfigSchema.parse(publicConfig)
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/config',
      operationId: 'getConfig',
      summary: 'Networks, assets and wallet settings for the web app',
      tags: ['system'],
      responses: { 200: { description: 'The public configuration', schema: publicConfigSchema } },
    },
    async ({ reply }) => {
      reply.header('cache-control', 'no-cache')
      return body
    },
  )
}
