/**
 * A transaction the devnet refuses, with bitcoind's RPC code and reject reason. Esplora passes
 * bitcoind's answer on as its HTTP 400 text: `sendrawtransaction RPC error: {"code":-26,"message":"dust"}`.
 */
export class TxRejected extends Error {
  constructor(
    /** -22 decode failed, -25 missing or spent inputs, -26 rejected by policy or consensus, -27 already in the chain. */
    readonly code: number,
    readonly reason: string,
  ) {
    super(`sendrawtransaction RPC error: ${JSON.stringify({ code, message: reason })}`)
    this.name = 'TxRejected'
  }
}

export const rejected = (reason: string) => new TxRejected(-26, reason)
