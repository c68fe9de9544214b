import { parseCaipNetworkId, type Network } from '@paylink/shared'
import { ChainReadError } from '../errors.js'
import { readBitcoinHead } from './readBitcoinHead.js'
import { readEvmHead, type ReadHeadOptions } from './readEvmHead.js'
import { readSolanaHead } from './readSolanaHead.js'

export type { ReadHeadOptions }

const readers: Record<string, (rpcUrl: string, options: ReadHeadOptions) => Promise<bigint>> = {
  eip155: readEvmHead,
  solana: readSolanaHead,
  bip122: readBitcoinHead,
}

/**
 * The network's latest block height (slot on Solana), whatever its namespace.
 * Never takes longer than `timeoutMs`; throws ChainReadError on any failure.
 */
export async function readHead(
  network: Pick<Network, 'caipNetworkId' | 'rpcUrl'>,
  options: ReadHeadOptions,
): Promise<bigint> {
  const { namespace } = parseCaipNetworkId(network.caipNetworkId)
  const reader = readers[namespace]
  if (!reader) throw new ChainReadError(`No chain reader for namespace "${namespace}" (${network.caipNetworkId})`)
  let timer: NodeJS.Timeout | undefined
  // A reader's own timeout covers the request; this one also covers anything around it.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChainReadError(`${network.caipNetworkId} did not answer within ${options.timeoutMs} ms`)),
      options.timeoutMs + 50,
    )
  })
  try {
    return await Promise.race([reader(network.rpcUrl, options), deadline])
  } finally {
    clearTimeout(timer)
  }
}
