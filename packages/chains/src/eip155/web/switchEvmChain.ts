import type { ChainNetwork } from '../../chainShapes.js'

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

/** Codes after which AppKit 1.7.8 asks the wallet to add the chain (32603 is positive there). */
const addChainCodes = new Set([4902, 32603, -32603, 5000])

export class ChainNotSupportedError extends Error {
  constructor(readonly cause: unknown) {
    super('Chain is not supported')
    this.name = 'ChainNotSupportedError'
  }
}

/**
 * Asks the wallet itself to switch, so a refusal reaches the page: AppKit's own switch swallows
 * the error and only steps the modal back. Same rule as the toolkit: an unknown chain is added
 * first, and a failed add means "Chain is not supported".
 */
export async function switchEvmChain(provider: Eip1193Provider, network: ChainNetwork): Promise<void> {
  const chainId = `0x${BigInt(network.caipNetworkId.split(':')[1]!).toString(16)}`
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  } catch (error) {
    const e = error as { code?: number; data?: { originalError?: { code?: number } } }
    if (!addChainCodes.has(e?.code ?? 0) && e?.data?.originalError?.code !== 4902) throw error
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: [network.rpcUrl],
            blockExplorerUrls: network.blockExplorerUrl ? [network.blockExplorerUrl] : undefined,
          },
        ],
      })
    } catch (addError) {
      throw new ChainNotSupportedError(addError)
    }
  }
}
