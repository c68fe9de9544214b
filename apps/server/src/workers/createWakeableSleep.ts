/**
 * A pause between polling passes that `wake()` cuts short: a worker sleeps its interval unless
 * new work (a submission, a redelivery, a stop) arrives first.
 */
export function createWakeableSleep() {
  let wake: (() => void) | null = null
  return {
    sleep(ms: number): Promise<void> {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms)
        function done() {
          clearTimeout(timer)
          wake = null
          resolve()
        }
        wake = done
      })
    },
    wake(): void {
      wake?.()
    },
  }
}
