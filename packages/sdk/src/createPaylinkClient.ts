import createClient from 'openapi-fetch'
import { PaylinkApiError } from './errors.js'
import type { paths } from './generated/openapi.js'
import { paginate } from './paginate.js'
import { retryingFetch, type RetryOptions } from './retryingFetch.js'
import type {
  CreateLinkBody,
  CreatedLink,
  EventFeedPage,
  EventListQuery,
  Link,
  MerchantLinkList,
  PaymentListItem,
  PaymentListPage,
  PaymentListQuery,
  WebhookEvent,
} from './types.js'

export interface PaylinkClientOptions {
  /** The Paylink instance's origin, e.g. `https://pay.example.com`. */
  baseUrl: string
  /** A merchant's API key (`plk_…`), kept on the shop's server. Omit in a browser: public reads need none. */
  apiKey?: string
  /** Default: the global fetch (Node 20+, browsers). */
  fetch?: (request: Request) => Promise<Response>
  /** Retries of 429 (after Retry-After), 5xx and network failures. */
  retry?: RetryOptions
}

/** Per call: the Idempotency-Key to send (default: a new random one, reused by the call's retries). */
export interface WriteOptions {
  idempotencyKey?: string
}

export interface ListOptions {
  /** Start after this cursor (a `nextCursor` from an earlier page). */
  after?: string
  /** Page size asked for (the API's bounds apply). */
  limit?: number
}

/**
 * openapi-fetch's answer: the data, or the API's error as a typed exception. Typed by the caller
 * from the generated `operations` directly: openapi-fetch's own view of a body (its `Readable`)
 * drops properties typed `null`, such as an x402 event's `linkId`.
 */
function dataOf<T>(result: { data?: unknown; error?: unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined)
    throw PaylinkApiError.from(result.response.status, result.error)
  return result.data as T
}

const idempotencyHeader = (options: WriteOptions | undefined) =>
  options?.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}

/**
 * A client for the Paylink API. `api` is the whole typed API (openapi-fetch over the generated
 * `paths`: every route, `{ data, error }` answers); `links`, `payments` and `events` are the
 * common calls with errors thrown as `PaylinkApiError` and lists walked page by page.
 */
/** A list's query as the API reads it: `limit` is a query string, an absent `after` is left out. */
function pageQuery<Q extends ListOptions>({ limit, after, ...rest }: Q) {
  return { ...rest, ...(after ? { after } : {}), ...(limit !== undefined ? { limit: String(limit) } : {}) }
}

/** Every item of a list read page by page with `read`, from `query.after` on; `itemsOf` picks a page's items. */
function everyItem<Q extends ListOptions, P extends { nextCursor: string | null; hasMore: boolean }, T>(
  read: (query: Q) => Promise<P>,
  itemsOf: (page: P) => T[],
  query: Q,
): AsyncGenerator<T, void, undefined> {
  return paginate(async (after) => {
    const page = await read({ ...query, ...(after ? { after } : {}) })
    return { items: itemsOf(page), nextCursor: page.nextCursor, hasMore: page.hasMore }
  }, query.after)
}

export function createPaylinkClient({ baseUrl, apiKey, fetch = globalThis.fetch, retry }: PaylinkClientOptions) {
  const api = createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    fetch: retryingFetch({ ...retry, fetch: (request) => fetch(request) }),
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
  })

  const readPayments = async (query: PaymentListQuery & ListOptions = {}): Promise<PaymentListPage> =>
    dataOf(await api.GET('/api/payments', { params: { query: pageQuery(query) } }))
  const readEvents = async (query: EventListQuery & ListOptions = {}): Promise<EventFeedPage> =>
    dataOf(await api.GET('/api/events', { params: { query: pageQuery(query) } }))

  return {
    api,
    links: {
      /** Creates a link; retried safely under one Idempotency-Key (pass your order id to make it yours). */
      create: async (body: CreateLinkBody, options?: WriteOptions): Promise<CreatedLink> =>
        dataOf(await api.POST('/api/links', { body, params: { header: idempotencyHeader(options) } })),
      /** A link as anyone sees it (no API key needed: works in a browser). */
      get: async (id: string): Promise<Link> => dataOf(await api.GET('/api/links/{id}', { params: { path: { id } } })),
      /** The merchant's links, newest first. */
      list: async (): Promise<MerchantLinkList> => dataOf(await api.GET('/api/links')),
      deactivate: async (id: string, options?: WriteOptions) =>
        dataOf(
          await api.POST('/api/links/{id}/deactivate', {
            params: { path: { id }, header: idempotencyHeader(options) },
          }),
        ),
    },
    payments: {
      /** One page, newest first, with totals over every match. */
      list: readPayments,
      /** Every payment matching `query`, newest first, fetched page by page as you iterate. */
      all: (query: PaymentListQuery & ListOptions = {}): AsyncGenerator<PaymentListItem, void, undefined> =>
        everyItem(readPayments, (page) => page.payments, query),
    },
    events: {
      /** One page of the merchant's events, oldest first; keep `nextCursor` to ask for newer ones later. */
      list: readEvents,
      /** Every event (of `type`, of `linkId` and its orders) after `after` until now, page by page. */
      all: (options: EventListQuery & ListOptions = {}): AsyncGenerator<WebhookEvent, void, undefined> =>
        everyItem(readEvents, (page) => page.events, options),
    },
  }
}

export type PaylinkClient = ReturnType<typeof createPaylinkClient>
