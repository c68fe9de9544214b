/** The error withTimeout rejects with when the time runs out first (unless the caller names another). */
export class TimeoutError extends Error {
  override name = 'TimeoutError'
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`)
  }
}

/**
 * The promise's outcome if it settles within `ms`, else a rejection with `onTimeout()` (default
 * TimeoutError). The promise itself is not cancelled (it runs on; its outcome is dropped); the
 * timer is cleared either way, so nothing keeps the process alive.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  onTimeout: () => Error = () => new TimeoutError(ms),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(onTimeout()), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}
