import type { PublicClient } from 'viem'
import { ChainReadError } from '../../serverFace/errors.js'

/**
 * viem's `client.request` without its method typing: the readers ask raw JSON-RPC methods and type
 * each answer themselves. Calls made in the same tick go out as one batch (the client's batching
 * transport), however many there are.
 */
export function rawRequest(client: PublicClient) {
  const request = client.request as (args: { method: string; params: unknown[] }) => Promise<unknown>
  return <Answer>(method: string, params: unknown[]) => request({ method, params }) as Promise<Answer>
}

/** A read the RPC did not answer usably: `shortMessage` says what, the details are the cause's first line. */
export function chainReadFailure(shortMessage: string, cause: unknown): ChainReadError {
  return new ChainReadError(shortMessage, { details: (cause as Error).message?.split('\n')[0], cause })
}
