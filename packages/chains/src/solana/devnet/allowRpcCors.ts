import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * CORS headers for a Solana JSON-RPC that a browser page calls cross-origin (the Dev Wallet,
 * AppKit's Solana adapter): any origin, the headers the preflight asks for (web3.js sends
 * `solana-client`), cached ten minutes.
 */
export function allowRpcCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*')
  res.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS')
  res.setHeader(
    'Access-Control-Allow-Headers',
    req.headers['access-control-request-headers'] ?? 'content-type, solana-client',
  )
  res.setHeader('Access-Control-Max-Age', '600')
}
