import { UnavailableError } from '../errors.js'

/**
 * The x402 packages Paylink runs its facilitator and paid URLs on. Imported at start they held
 * about 11 MiB of heap after a full GC (@x402/evm 8.8 MiB even with viem already loaded, @x402/svm
 * 1.9), also on a Paylink that never serves x402; so they are imported by the first request that
 * needs them. They are external to the server's bundle (scripts/build-server.mjs), so each
 * `import()` stays one there too.
 */
async function importX402Libraries() {
  const [facilitator, server, evm, evmFacilitator, evmServer, svm, svmFacilitator, svmServer] = await Promise.all([
    import('@x402/core/facilitator'),
    import('@x402/core/server'),
    import('@x402/evm'),
    import('@x402/evm/exact/facilitator'),
    import('@x402/evm/exact/server'),
    import('@x402/svm'),
    import('@x402/svm/exact/facilitator'),
    import('@x402/svm/exact/server'),
  ])
  return {
    x402Facilitator: facilitator.x402Facilitator,
    x402ResourceServer: server.x402ResourceServer,
    x402HTTPResourceServer: server.x402HTTPResourceServer,
    toFacilitatorEvmSigner: evm.toFacilitatorEvmSigner,
    ExactEvmFacilitator: evmFacilitator.ExactEvmScheme,
    ExactEvmServer: evmServer.ExactEvmScheme,
    toFacilitatorSvmSigner: svm.toFacilitatorSvmSigner,
    decodeTransactionFromPayload: svm.decodeTransactionFromPayload,
    getTokenPayerFromTransaction: svm.getTokenPayerFromTransaction,
    ExactSvmFacilitator: svmFacilitator.ExactSvmScheme,
    ExactSvmServer: svmServer.ExactSvmScheme,
  }
}

export type X402Libraries = Awaited<ReturnType<typeof importX402Libraries>>

/** x402 cannot be served: its libraries did not load (503; the next request tries again). */
export class X402UnavailableError extends UnavailableError {
  constructor(cause: unknown) {
    super('X402_UNAVAILABLE', 'x402 is not available right now: its libraries did not load. Try again later.', {
      cause,
    })
  }
}

/**
 * `make`'s promise, made by the first call and shared by every call while it is pending or once it
 * resolved: requests that arrive together wait for one import, not one each. A failure is an
 * X402UnavailableError to the calls that waited for it, and the next call makes it anew.
 */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined
      throw error instanceof X402UnavailableError ? error : new X402UnavailableError(error)
    }))
}

/** The x402 libraries, imported once per process on first use. */
export const x402Libraries = onFirstUse(importX402Libraries)
