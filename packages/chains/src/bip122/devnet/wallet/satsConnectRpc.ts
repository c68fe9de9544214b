/** The JSON-RPC error codes sats-connect wallets answer with (sats-connect's `RpcErrorCode`). */
export const RPC = {
  USER_REJECTION: -32000,
  METHOD_NOT_SUPPORTED: -32001,
  ACCESS_DENIED: -32002,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
} as const

/** A request refused with a sats-connect error code: the provider answers `{ error: { code, message } }`. */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** A request's params as an object (an absent or non-object params reads as none). */
export const objectOf = (p: unknown): Record<string, unknown> =>
  p && typeof p === 'object' ? (p as Record<string, unknown>) : {}
