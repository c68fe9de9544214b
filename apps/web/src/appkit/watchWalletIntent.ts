/**
 * The controls that need the toolkit: the checkout's Connect button, the refund page's "Sign with
 * my Bitcoin wallet", and anything marked `data-wallet-control` (the header's Connect). Named by
 * the test ids those pages already carry, so the pages need not know about this watch.
 */
export const walletControlSelector = [
  '[data-wallet-control]',
  '[data-testid="pay-connect"]',
  '[data-testid="refund-use-wallet"]',
].join(', ')

/** A press, a focus or a key on a wallet control: the earliest sign the visitor wants it. */
const intentEvents = ['pointerdown', 'focusin', 'keydown'] as const

/**
 * Calls `onIntent` once, at the first pointerdown, focus or keydown on a wallet control, so the
 * toolkit's download starts before the click lands (a press is about 100 ms ahead of its click).
 * Returns a function that stops watching.
 */
export function watchWalletIntent(
  target: Pick<Document, 'addEventListener' | 'removeEventListener'>,
  onIntent: () => void,
) {
  const stop = () => {
    for (const type of intentEvents) target.removeEventListener(type, listener, true)
  }
  const listener = (event: Event) => {
    const element = event.target as Element | null
    if (typeof element?.closest !== 'function' || !element.closest(walletControlSelector)) return
    stop()
    onIntent()
  }
  for (const type of intentEvents) target.addEventListener(type, listener, true)
  return stop
}
