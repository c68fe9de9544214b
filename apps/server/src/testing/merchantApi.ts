/**
 * A merchant's side of the API in tests: an API key written straight to the database (no sign-in
 * needed), links created through the real `POST /api/links`, and payment rows as the tracker
 * writes them (a fixture, so statuses and times are chosen exactly).
 */
import type { CreatedLink } from '@paylink/shared'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { beforeAll, expect } from 'vitest'
import type { AppConfig } from '../app.js'
import { newId } from '../db/newId.js'
import type { Database } from '../db/openDatabase.js'
import { linkOptions, payments } from '../db/schema.js'
import { createApiKey } from '../merchants/apiKeyStore.js'
import { merchantOf } from '../merchants/merchant.js'
import { madeInBeforeAll, offlineAssets, useOfflineApps } from './offlineApp.js'

/** The merchant most tests sell as (anvil's second account). */
export const merchantAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** A second merchant, whose links and payments the first must never see. */
export const otherMerchantAddress = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** A new API key of the EVM merchant at `address`. */
export async function merchantApiKey(database: Database, label: string, address = merchantAddress): Promise<string> {
  return (await createApiKey(database.db, merchantOf({ namespace: 'eip155', address }), label)).token
}

export const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` })

/** `POST /api/links` with the key, answered as it comes (for tests of refusals). */
export const postLink = (app: FastifyInstance, apiKey: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/links', headers: bearer(apiKey), payload })

/** `POST /api/links` that must answer 201; the created link. */
export async function createLinkOk(
  app: FastifyInstance,
  apiKey: string,
  payload: Record<string, unknown>,
): Promise<CreatedLink> {
  const response = await postLink(app, apiKey, payload)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<CreatedLink>()
}

/** `GET /api/links/:id` as anyone sees it (the checkout's read, which makes a fiat link's quotes). */
export const readLink = async (app: FastifyInstance, linkId: string) =>
  (await app.inject({ method: 'GET', url: `/api/links/${linkId}` })).json()

export type LinkOptionRow = typeof linkOptions.$inferSelect
export type PaymentRow = typeof payments.$inferInsert

/** The option rows of a link, as the tracker reads them. */
export const optionRowsOf = (database: Database, linkId: string): Promise<LinkOptionRow[]> =>
  database.db.select().from(linkOptions).where(eq(linkOptions.linkId, linkId))

/**
 * A link priced 0.5 ETH or 12 TUSD (the offline app's two assets) through the API, and its option
 * rows: the fixture the payments list and the CSV export write payment rows to.
 */
export async function ethOrTusdLink(
  app: FastifyInstance,
  database: Database,
  apiKey: string,
  title: string,
): Promise<{ linkId: string; options: LinkOptionRow[] }> {
  const [eth, tusd] = [offlineAssets[0]!, offlineAssets[1]!]
  const { id: linkId } = await createLinkOk(app, apiKey, {
    title,
    options: [
      { asset: eth.assetId, amount: '0.5' },
      { asset: tusd.assetId, amount: '12' },
    ],
  })
  return { linkId, options: await optionRowsOf(database, linkId) }
}

/**
 * Writes a payment to `option` of its link: `fields` say what the test chooses, the rest is
 * what a fresh payment has (a new id, no confirmations needed beyond one).
 */
export async function insertPaymentRow(
  database: Database,
  option: { id: string; linkId: string; caipNetworkId: string },
  fields: Omit<PaymentRow, 'id' | 'linkId' | 'caipNetworkId' | 'requiredConfirmations'> & {
    id?: string
    requiredConfirmations?: number
  },
): Promise<void> {
  await database.db.insert(payments).values({
    id: newId('pay'),
    linkId: option.linkId,
    caipNetworkId: option.caipNetworkId,
    optionId: option.id,
    requiredConfirmations: 1,
    ...fields,
  })
}

/**
 * For a test file: an offline app (built with `defaults`) and an API key labelled `label` of the
 * merchant at `address`, both made in beforeAll; read them as `.app` and `.key` inside the tests.
 */
export function useMerchantApp(defaults: Partial<AppConfig> = {}, label = 'k', address = merchantAddress) {
  const context = useOfflineApps(defaults)
  let app: FastifyInstance | undefined
  let key: string | undefined
  beforeAll(async () => {
    app = await context.app()
    key = await merchantApiKey(context.database, label, address)
  }, 120_000)
  return {
    context,
    get app() {
      return madeInBeforeAll(app, 'the app')
    },
    get key() {
      return madeInBeforeAll(key, 'the API key')
    },
  }
}

/**
 * Reads each query with `read` and expects 400 INVALID_REQUEST whose message starts with the
 * field named beside it (`['?limit=0', 'query.limit']`): the lists' and exports' filter checks.
 */
export async function expectQueriesRefused(
  cases: ReadonlyArray<readonly [query: string, field: string]>,
  read: (query: string) => Promise<LightMyRequestResponse>,
): Promise<void> {
  for (const [query, field] of cases) {
    const response = await read(query)
    expect(response.statusCode, query).toBe(400)
    const { error } = response.json<{ error: { code: string; message: string } }>()
    expect(error.code, query).toBe('INVALID_REQUEST')
    expect(error.message.startsWith(field), `${query}: ${error.message}`).toBe(true)
  }
}
