/**
 * What the devnet refuses to do, as sentences an operator can act on. A caller can branch on
 * `DevnetError` to show the message without a stack trace.
 */
export class DevnetError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    // Named after the class, so the subclasses below need no body of their own.
    this.name = new.target.name
  }
}

/** Another live process runs the devnet of this data directory. */
export class DevnetInUseError extends DevnetError {}

/** A saved chain state cannot be read, so starting would not be the same chain. */
export class DevnetStateError extends DevnetError {}
