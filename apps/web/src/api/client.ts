import type { PublicConfig } from '@paylink/shared'

// The one path from the browser to Paylink's server: every request of the web app goes through
// `apiGet` (reads) or `apiSend` (writes) below, so each answer is checked the same way and each
// refusal reaches the page as an ApiRequestError carrying the server's code and sentence.

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

/** A 204 answer has no body to check. */
export const noContent: Parser<void> = { parse: () => undefined }

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

async function request<T>(
  method: string,
  path: string,
  parser: Parser<T>,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const answer: unknown = response.status === 204 ? null : await response.json().catch(() => null)
  if (!response.ok) throw toApiRequestError(response.status, answer)
  return parser.parse(answer)
}

/** Reads from the server; the answer is checked with `parser`. `headers`: a credential other than the session (a POS device token). */
export function apiGet<T>(path: string, parser: Parser<T>, headers?: Record<string, string>): Promise<T> {
  return request('GET', path, parser, undefined, headers)
}

/** Writes to the server (the body as JSON); the answer is checked with `parser`. */
export function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  parser: Parser<T>,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  return request(method, path, parser, body, headers)
}

export function fetchPublicConfig(): Promise<PublicConfig> {
  return apiGet(
    '/api/config',
    hasFields<PublicConfig>("Paylink's configuration", ['projectId', 'demo', 'networks', 'assets']),
  )
}
