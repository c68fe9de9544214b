/** Re-runs `check` until it stops throwing (or gives up after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, intervalMs))
    }
  }
}
