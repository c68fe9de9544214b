import { jsonRpcBatch } from './jsonRpc.js'

/** One Solana JSON-RPC call; an answer with an error throws it. */
export async function solanaRpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const [answer] = await jsonRpcBatch(rpcUrl, [{ method, params }])
  if (answer instanceof Error) throw answer
  return answer as T
}
