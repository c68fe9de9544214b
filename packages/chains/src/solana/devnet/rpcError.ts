/** A JSON-RPC error answered to the client with the code and message a validator uses. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'RpcError'
  }
}

export const invalidParams = (what: string) => new RpcError(-32602, `Invalid params: ${what}`)
