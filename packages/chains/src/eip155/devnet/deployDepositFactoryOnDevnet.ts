import type { Address } from 'viem'

import { deployCollector, deployDepositFactory } from './deployDepositFactory.js'

/**
 * Scan to pay: the deposit factory on every devnet chain, and the subscriptions' collector (both
 * already there on a saved chain), each chain's state saved again when one was just deployed.
 */
export async function deployDepositFactoryOnDevnet(
  anvils: ReadonlyArray<{ rpcUrl: string; saveState(): Promise<void> }>,
  from: Address,
): Promise<void> {
  await Promise.all(
    anvils.map(async (anvil) => {
      // One after the other: each gives the sender back the gas it read before sending.
      const factory = await deployDepositFactory({ rpcUrl: anvil.rpcUrl, from })
      const collector = await deployCollector({ rpcUrl: anvil.rpcUrl, from })
      if (factory.deployed || collector.deployed) await anvil.saveState()
    }),
  )
}
