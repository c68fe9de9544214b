/**
 * What the demo's chain proxies let through: the methods a wallet and a client use, nothing that
 * rewrites the chain. The proxies are public on a demo served beyond loopback, and one
 * `anvil_reset` through them wiped the demo chain for everyone; the server itself (faucets,
 * miners, the tracker) talks to the devnets directly, not through these lists.
 */

/**
 * EVM (anvil): `eth_*` reads and sends, `net_*`, `web3_*`; `personal_sign`, which the Dev Wallet
 * has anvil perform for its unlocked accounts (a signature changes no state); `evm_mine`, which
 * only adds a block (nothing a payer owns moves). Not `anvil_*`, `hardhat_*`, `debug_*`, `trace_*`,
 * `txpool_*`, `ots_*` or the other `evm_*` (snapshot, revert, time travel, automine).
 */
export function isAllowedEvmMethod(method: string): boolean {
  return /^(eth|net|web3)_[A-Za-z0-9]+$/.test(method) || method === 'personal_sign' || method === 'evm_mine'
}

/**
 * Solana: reads (`get*`, `isBlockhashValid`), `simulateTransaction`, `sendTransaction`, and on
 * the websocket the subscriptions. Not `requestAirdrop`: `POST /devnet/faucet` is the one faucet,
 * with its own limits.
 */
export function isAllowedSolanaMethod(method: string): boolean {
  return (
    /^get[A-Za-z0-9]+$/.test(method) ||
    /^[a-z][A-Za-z0-9]*(Subscribe|Unsubscribe)$/.test(method) ||
    ['isBlockhashValid', 'simulateTransaction', 'sendTransaction'].includes(method)
  )
}

/** JSON-RPC's "Method not found", what a node answers for a method it does not have. */
export const methodNotAllowedCode = -32601

export interface JsonRpcCall {
  method: string
  id?: string | number | null
}

/** The error answer for a method the proxy does not forward. */
export function refuseRpcMethod(call: JsonRpcCall, chain: string) {
  return {
    jsonrpc: '2.0' as const,
    id: call.id ?? null,
    error: {
      code: methodNotAllowedCode,
      message: `The demo's ${chain} proxy does not forward ${call.method}: it passes on only what wallets and clients use, so that no one can rewrite the shared demo chain.`,
    },
  }
}

export interface FilteredFrame {
  /** What goes on to the devnet (null: nothing). */
  forward: string | null
  /** What the client is answered at once (null: nothing). */
  reply: string | null
}

/**
 * A websocket frame from the browser to the Solana devnet, filtered as the HTTP proxy filters a
 * body: allowed calls go on, refused ones are answered -32601 at once. A frame that is not
 * JSON-RPC goes on as it came (the devnet answers it with its own parse error).
 */
export function filterSolanaFrame(frame: string): FilteredFrame {
  let body: unknown
  try {
    body = JSON.parse(frame)
  } catch {
    return { forward: frame, reply: null }
  }
  const calls = Array.isArray(body) ? body : [body]
  const named = (call: unknown): call is JsonRpcCall =>
    typeof call === 'object' && call !== null && typeof (call as JsonRpcCall).method === 'string'
  const refused = calls.filter((call) => named(call) && !isAllowedSolanaMethod(call.method)) as JsonRpcCall[]
  if (refused.length === 0) return { forward: frame, reply: null }
  const passed = calls.filter((call) => !refused.includes(call as JsonRpcCall))
  const answers = refused.map((call) => refuseRpcMethod(call, 'Solana'))
  return {
    forward: passed.length === 0 ? null : JSON.stringify(Array.isArray(body) ? passed : passed[0]),
    reply: JSON.stringify(Array.isArray(body) ? answers : answers[0]),
  }
}
