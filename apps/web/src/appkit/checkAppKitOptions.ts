/** The option pairs AppKit 1.7.8 refuses; it says so only in an unhandled rejection, after start. */
export class AppKitOptionsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AppKitOptionsError'
  }
}

export interface CheckedAppKitOptions {
  siweConfig?: unknown
  siwx?: unknown
}

/**
 * Refuses `siweConfig` together with `siwx` before the toolkit starts. AppKit itself throws the
 * same sentence inside its asynchronous initialisation, where no caller can catch it: the page
 * would just never show a Connect button.
 */
export function checkAppKitOptions(options: CheckedAppKitOptions): void {
  if (options.siweConfig !== undefined && options.siwx !== undefined) {
    throw new AppKitOptionsError('Cannot set both `siweConfig` and `siwx` options')
  }
}
