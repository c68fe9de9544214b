import { apiErrorSchema, publicConfigSchema, type PublicConfig } from '@paylink/shared'

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

export async function apiGet<T>(path: string, schema: Parser<T>, init?: RequestInit): Promise<T> {
  const response = await fetch(path, { ...init, headers: { accept: 'application/json', ...init?.headers } })
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body)
    throw parsed.success
      ? new ApiRequestError(parsed.data.error.message, response.status, parsed.data.error.code)
      : new ApiRequestError(`The server answered ${response.status}.`, response.status, 'HTTP_ERROR')
  }
  return schema.parse(body)
}

export function fetchPublicConfig(): Promise<PublicConfig> {
  return apiGet('/api/config', publicConfigSchema)
}
