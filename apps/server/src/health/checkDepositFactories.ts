import { serverRpcUrls, type Network } from '@paylink/shared'
import { PAYLINK_DEPOSIT_FACTORY_ADDRESS } from '@paylink/chains/eip155/core'
import { createPublicClient, http } from 'viem'
import { ConfigError } from '../errors.js'

export interface CheckDepositFactoriesParameters {
  networks: ReadonlyArray<Pick<Network, 'caipNetworkId' | 'name' | 'rpcUrl' | 'rpcUrls' | 'depositFactory'>>
  timeoutMs?: number
  /** Told of a network whose RPC did not answer: the factory could not be checked (not a reason not to start). */
  onUnchecked?: (network: Pick<Network, 'caipNetworkId' | 'name'>, error: Error) => void
}

/**
 * Every EVM network marked `depositFactory: true` has the Paylink deposit factory's code at
 * PAYLINK_DEPOSIT_FACTORY_ADDRESS. Without it each option still gets a deposit address (derived
 * from the factory's address, not read from the chain), and the payer's money sent there can be
 * collected by nobody: a typo in PAYLINK_CONFIG must stop the start, naming the network.
 * An RPC that does not answer now says nothing either way: that network is reported to
 * `onUnchecked` and the start goes on (a provider's bad minute must not keep the shop closed).
 */
export async function checkDepositFactories({
  networks,
  timeoutMs = 10_000,
  onUnchecked,
}: CheckDepositFactoriesParameters): Promise<void> {
  const marked = networks.filter((network) => network.depositFactory && network.caipNetworkId.startsWith('eip155:'))
  const missing = await Promise.all(
    marked.map(async (network) => {
      const client = createPublicClient({
        transport: http(serverRpcUrls(network)[0], { timeout: timeoutMs, retryCount: 1 }),
      })
      try {
        const code = await client.getCode({ address: PAYLINK_DEPOSIT_FACTORY_ADDRESS })
        return code === undefined || code === '0x' ? network : null
      } catch (error) {
        onUnchecked?.(network, error as Error)
        return null
      }
    }),
  )
  const absent = missing.filter((network) => network !== null)
  if (absent.length) {
    throw new ConfigError(
      absent
        .map(
          (network) =>
            `${network.name} (${network.caipNetworkId}) is marked depositFactory: true in PAYLINK_CONFIG, but no contract is deployed at ${PAYLINK_DEPOSIT_FACTORY_ADDRESS} there: deploy the Paylink deposit factory (apps/server/README.md) or remove depositFactory from that network, else payers get deposit addresses nobody can collect from`,
        )
        .join('; '),
    )
  }
}
