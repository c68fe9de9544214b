/**
 * The SDK's errors, one tree: catch `PaylinkError` for all, or a subclass to branch. An answer
 * of the API carries its `code` (`LINK_NOT_FOUND`, `IDEMPOTENCY_KEY_REUSED`, …) and status.
 */
export class PaylinkError extends Error {
  override name = 'PaylinkError'
}

/** The API answered 4xx or 5xx with `{ error: { code, message } }`. */
export class PaylinkApiError extends PaylinkError {
  override name = 'PaylinkApiError'
  constructor(
    /** HTTP status. */
    readonly status: number,
    /** The API's stable code, e.g. `INVALID_REQUEST`. */
    readonly code: string,
    message: string,
  ) {
    super(message)
  }

  /** From any error body: one not in the API's shape still becomes an error with the status's code. */
  static from(status: number, body: unknown): PaylinkApiError {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error
    return new PaylinkApiError(
      status,
      typeof error?.code === 'string' ? error.code : `HTTP_${status}`,
      typeof error?.message === 'string' ? error.message : `The API answered ${status}.`,
    )
  }
}

/** No answer at all (connection refused, DNS, aborted) after every retry. */
export class PaylinkNetworkError extends PaylinkError {
  override name = 'PaylinkNetworkError'
}

/** A webhook whose signature, timestamp or headers do not check out: do not act on it. */
export class PaylinkWebhookError extends PaylinkError {
  override name = 'PaylinkWebhookError'
}
