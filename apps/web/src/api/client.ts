import type { PublicConfig } from '@paylink/shared'

/** An API answer that was not 2xx, carrying the server's code and sentence. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message)
    this.name = 'ApiRequestError'
  }
}

/** Anything with zod's `parse`: keeps this file free of a second zod copy's types. */
export interface Parser<T> {
  parse(data: unknown): T
}

/** The API's error body `{ error: { code, message } }`, read without zod (this file is on the checkout's first paint). */
function toApiRequestError(status: number, body: unknown): ApiRequestError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error
  return typeof error?.code === 'string' && typeof error.message === 'string'
    ? new ApiRequestError(error.message, status, error.code)
    : new ApiRequestError(`The server answered ${status}.`, status, 'HTTP_ERROR')
}

/**
 * For answers the checkout needs before its first paint: the server builds them from the
 * shared zod schemas (and its tests check that), so the browser checks only that the fields it
 * reads are there, and zod (about 12 KiB gzip) stays out of the entry chunk. Merchant pages,
 * which load later, parse with the full schemas.
 */
export function hasFields<T>(what: string, fields: readonly string[]): Parser<T> {
  return {
    parse(data: unknown): T {
      if (typeof data !== 'object' || data === null || fields.some((f) => !(f in data))) {
        throw new ApiRequestError(`The server's answer is not ${what}.`, 200, 'BAD_ANSWER')
      }
      return data as T
    },
  }
}

export async function apiGet<T>(path: string, schema: Parser<T>, init?: RequestInit): Promise<T> {
  const response = await fetch(path, { ...init, headers: { accept: 'application/json', ...init?.headers } })
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) throw toApiRequestError(response.status, body)
  return schema.parse(body)
}

/**
 * A write through the same checks as apiGet: a non-2xx answer becomes an ApiRequestError with the
 * server's code and sentence, which forms map to fields.
 */
export function apiSend<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, schema: Parser<T>, body?: unknown): Promise<T> {
  return apiGet(path, schema, {
    method,
    credentials: 'same-origin',
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  })
}

export function fetchPublicConfig(): Promise<PublicConfig> {
  return apiGet('/api/config', hasFields<PublicConfig>("Paylink's configuration", ['projectId', 'demo', 'networks', 'assets']))
}
