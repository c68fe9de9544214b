/**
 * Calls `onStall` when the toolkit has not finished starting after `timeoutMs`.
 *
 * AppKit 1.7.8 with a project id waits forever when WalletConnect's storage cannot open the
 * browser's IndexedDB (private browsing, a full disk, strict settings): no Connect button, no
 * error. Paylink cannot repair that inside the toolkit, but it can say so instead of leaving the
 * visitor in front of nothing. Returns a function that stops watching.
 */
export function watchToolkitStart(ready: () => Promise<unknown>, timeoutMs: number, onStall: () => void): () => void {
  let settled = false
  const timer = setTimeout(() => {
    if (!settled) onStall()
  }, timeoutMs)
  const settle = () => {
    settled = true
    clearTimeout(timer)
  }
  // A failed start is reported by the toolkit itself; only silence is ours to report.
  ready().then(settle, settle)
  return settle
}
