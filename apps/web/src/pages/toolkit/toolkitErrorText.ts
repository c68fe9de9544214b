/**
 * The toolkit wraps errors (AppKitError keeps the real one as `originalError`), so its top
 * message is often just "Failed to disconnect". This reads the whole chain, outermost first.
 */
export function toolkitErrorText(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    const e = current as { message?: unknown; originalError?: unknown; cause?: unknown }
    const message =
      typeof e.message === 'string' ? e.message : typeof current === 'string' ? current : JSON.stringify(current)
    const line = message.split('\n')[0]!.trim()
    if (line && !parts.some((p) => p.includes(line))) parts.push(line)
    current = e.originalError ?? e.cause
  }
  return parts.join(' — ') || 'Unknown error'
}
