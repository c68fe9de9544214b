import type { Network } from '@paylink/shared'
import { healthSchema } from '@paylink/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { defineRoute } from '../http/defineRoute.js'
import { checkHealth, type CheckHealthParameters } from './checkHealth.js'

export interface HealthRoutesOptions {
  db: Db
  networks: ReadonlyArray<Network>
  timeoutMs: number
  trackerStatus?: CheckHealthParameters['trackerStatus']
  trackerHealth?: CheckHealthParameters['trackerHealth']
  x402Gas?: CheckHealthParameters['x402Gas']
}

export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, options) => {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/health',
      operationId: 'getHealth',
      summary: 'Database and chain status',
      description: 'A load balancer can route on the status: 200 when the database answers, 503 when not.',
      tags: ['system'],
      responses: {
        200: { description: 'The database answers; chains report their head or null', schema: healthSchema },
        503: { description: 'The database does not answer', schema: healthSchema },
      },
    },
    async ({ reply }) => {
      const health = await checkHealth(options.db, options)
      reply.header('cache-control', 'no-store')
      return reply.code(health.ok ? 200 : 503).send(health)
    },
  )
}
