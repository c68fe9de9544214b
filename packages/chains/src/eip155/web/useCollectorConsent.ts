import { useMemo } from 'react'
import { erc20Abi, type Address, type Hash } from 'viem'
import { useWriteContract } from 'wagmi'
import type { ChainNetwork } from '../../chainShapes.js'
import type { CollectorConsent, CollectorConsentTerms, WebToolkit } from '../../webContract.js'
import { collectorAbi, collectorSubscribeArgs } from '../core/collectorAbi.js'
import { publicClientFor } from './publicClient.js'

/**
 * The payer's wallet side of automatic renewal on EVM: `consent` records the terms on the
 * PaylinkCollector contract and approves it `allowance` of the token; `revoke` sets that
 * allowance back to 0, after which no renewal can be pulled. Each waits until mined, so the page
 * says "done" only when the chain says so.
 */
export function useCollectorConsent({ wagmiConfig: config }: WebToolkit): CollectorConsent {
  const { writeContractAsync } = useWriteContract({ config })
  return useMemo(() => {
    const chainIdOf = (network: ChainNetwork) => Number(network.caipNetworkId.split(':')[1])
    const mined = async (network: ChainNetwork, hash: Hash) => {
      const receipt = await publicClientFor(network).waitForTransactionReceipt({ hash, timeout: 60_000 })
      if (receipt.status !== 'success') throw new Error(`The transaction ${hash} was reverted.`)
      return hash
    }
    const approve = (network: ChainNetwork, terms: CollectorConsentTerms, allowance: bigint) =>
      writeContractAsync({
        address: terms.token as Address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [terms.contract as Address, allowance],
        chainId: chainIdOf(network),
      }).then((hash) => mined(network, hash))
    return {
      async consent(network, _asset, terms, allowance): Promise<Hash> {
        await mined(
          network,
          await writeContractAsync({
            address: terms.contract as Address,
            abi: collectorAbi,
            functionName: 'subscribe',
            args: collectorSubscribeArgs(terms),
            chainId: chainIdOf(network),
          }),
        )
        return approve(network, terms, allowance)
      },
      revoke: (network, _asset, terms) => approve(network, terms, 0n),
    }
  }, [writeContractAsync])
}
