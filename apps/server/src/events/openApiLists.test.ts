import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { useOfflineApps } from '../testing/offlineApp.js'

const context = useOfflineApps()
let app: FastifyInstance

beforeAll(async () => {
  app = await context.app()
}, 30_000)

/** The statuses an operation documents, sorted as `statuses` must be. */
function expectResponses(operation: { responses: Record<string, unknown> }, statuses: string[]) {
  expect(Object.keys(operation.responses).sort()).toEqual(statuses)
}

describe('/api/openapi.json', () => {
  it('lists the events feed, the CSV export and secret rotation with their parameters, and successUrl on links', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const paths = document.paths as Record<
      string,
      Record<
        string,
        { operationId: string; parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown> }
      >
    >
    expect(paths['/api/events']?.get?.operationId).toBe('listEvents')
    expect(paths['/api/events']!.get!.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:after',
      'query:limit',
      'query:linkId',
      'query:type',
    ])
    expectResponses(paths['/api/events']!.get!, ['200', '400', '401', '403'])
    expect(paths['/api/payments.csv']?.get?.operationId).toBe('exportPaymentsCsv')
    expect(paths['/api/payments.csv']!.get!.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:from',
      'query:status',
      'query:to',
    ])
    expect(paths['/api/payments.csv']!.get!.responses['200']).toEqual({
      description: expect.any(String),
      content: { 'text/csv': {} },
    })
    expect(paths['/api/links/{id}/webhook/rotate-secret']?.post?.operationId).toBe('rotateWebhookSecret')

    const eventsSchema = JSON.stringify(paths['/api/events']!.get!.responses['200'])
    for (const field of ['nextCursor', 'hasMore', 'events']) expect(eventsSchema).toContain(`"${field}"`)
    const createLink = JSON.stringify((paths['/api/links']!.post as unknown as { requestBody: unknown }).requestBody)
    expect(createLink).toContain('"successUrl"')
    expect(JSON.stringify(paths['/api/links/{id}']!.get!.responses['200'])).toContain('"successUrl"')
  })

  it("lists refunds: recording one, reading a payment with them, the refunds field on every payment, and the payer's refund address", async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const paths = document.paths as Record<
      string,
      Record<string, { operationId: string; requestBody?: unknown; responses: Record<string, unknown> }>
    >
    expect(paths['/api/payments/{id}/refunds']?.post?.operationId).toBe('recordRefund')
    expectResponses(paths['/api/payments/{id}/refunds']!.post!, [
      '200',
      '201',
      '400',
      '401',
      '403',
      '404',
      '409',
      // An Idempotency-Key reused with another body.
      '422',
      '429',
      '503',
    ])
    expect(JSON.stringify(paths['/api/payments/{id}/refunds']!.post!.requestBody)).toContain('"refundAddress"')
    expect(paths['/api/payments/{id}']?.get?.operationId).toBe('getPayment')
    expect(JSON.stringify(paths['/api/links/{id}']!.get!.responses['200'])).toContain('"refunds"')
    expect(JSON.stringify(paths['/api/events']!.get!.responses['200'])).toContain('payment.refunded')

    expect(paths['/api/payments/{id}/refund-address']?.post?.operationId).toBe('giveRefundAddress')
    expectResponses(paths['/api/payments/{id}/refund-address']!.post!, ['200', '400', '404', '409', '429', '503'])
    const refundAddressBody = JSON.stringify(paths['/api/payments/{id}/refund-address']!.post!.requestBody)
    for (const field of ['refundAddress', 'signer', 'message', 'signature'])
      expect(refundAddressBody).toContain(`"${field}"`)
    expect(
      JSON.stringify(paths['/api/links/{id}']!.get!.responses['200']),
      'every payment shows the refund address the payer gave',
    ).toContain('"signer"')
  })
})
