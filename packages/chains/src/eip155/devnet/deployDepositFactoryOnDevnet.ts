import type { Address } from 'viem'

import { deployDepositFactory } from './deployDepositFactory.js'

/**
 * Scan to pay: the deposit factory on every devnet chain (already there on a saved chain), each
 * chain's state saved again when it was just deployed.
 */
export async function deployDepositFactoryOnDevnet(
  anvils: ReadonlyArray<{ rpcUrl: string; saveState(): Promise<void> }>,
  from: Address,
): Promise<void> {
  await Promise.all(
    anvils.map(async (anvil) => {
      const { deployed } = await deployDepositFactory({ rpcUrl: anvil.rpcUrl, from })
      if (deployed) await anvil.saveState()
    }),
  )
}
