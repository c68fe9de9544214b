import type { AppKit } from '@reown/appkit/react'

/** The part of AppKit 1.7.8's client this relies on; `handleAlertError` is protected there. */
interface AlertingAppKit {
  ready: AppKit['ready']
  getUniversalProvider: AppKit['getUniversalProvider']
  handleAlertError(error: Error): void
}

/**
 * Turns the WalletConnect relay's refusals into the toolkit's alerts, each shown once.
 *
 * The relay refuses a socket by closing it with code 3000 and a reason such as
 * "Unauthorized: origin not allowed", "Unauthorized: invalid key" or "JWT validation error: JWT
 * Token is not yet valid". AppKit 1.7.8 maps those reasons to alerts ('Invalid App Configuration',
 * 'Session Expired'), once per reason, but only for errors that reach its logger's `error`; the
 * WalletConnect core it ships with (2.21.0) reports the close on `logger.fatal` and as a
 * `relayer_error` event instead, so without this a visitor whose WalletConnect attempt is refused
 * sees a QR code that never loads and no reason. Feeding the relayer's errors to AppKit's own
 * handler keeps its wording and its once-per-reason record, so a refusal repeated on every retry
 * (or also logged the old way) is still one alert.
 *
 * Call once, right after createAppKit. Without a project id there is no universal provider and
 * nothing to do; if the provider fails to start AppKit reports that itself (INTERNAL_SDK_ERROR).
 */
export async function alertRelayRejections(appKit: AppKit): Promise<void> {
  const kit = appKit as unknown as AlertingAppKit
  // After the start, so the provider is the one AppKit made (and a refused start stays AppKit's to report).
  const started = await kit.ready().then(
    () => true,
    () => false,
  )
  if (!started) return
  const provider = await kit.getUniversalProvider()
  // 'relayer_error' is RELAYER_EVENTS.error of @walletconnect/core, which Paylink does not import.
  provider?.client?.core?.relayer?.on('relayer_error', (error: unknown) => {
    if (error instanceof Error) kit.handleAlertError(error)
  })
}
