import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { buildOpenApiDocument, type OpenApiInfo } from './buildOpenApiDocument.js'
import { defineRoute } from './defineRoute.js'

export interface OpenApiRoutesOptions {
  info: OpenApiInfo
}

export const openApiRoutes: FastifyPluginAsync<OpenApiRoutesOptions> = async (app, { info }) => {
  let document: unknown
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'This API as an OpenAPI 3.1 document',
      tags: ['system'],
      responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } },
    },
    async () => {
      // Built on first request, when every plugin has added its routes to the registry.
      document ??= buildOpenApiDocument(app.routeRegistry.list(), info)
      return document
    },
  )
}
