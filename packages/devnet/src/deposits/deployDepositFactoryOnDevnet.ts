import type { Address } from 'viem'

import type { StartSavedAnvilReturnType } from '@paylink/chains/eip155/devnet'
import { deployDepositFactory } from './deployDepositFactory.js'

/**
 * Scan to pay: the deposit factory on every devnet chain (already there on a saved chain), each
 * chain's state saved again when it was just deployed.
 */
export async function deployDepositFactoryOnDevnet(
  anvils: ReadonlyArray<Pick<StartSavedAnvilReturnType, 'rpcUrl' | 'saveState'>>,
  from: Address,
): Promise<void> {
  await Promise.all(
    anvils.map(async (anvil) => {
      const { deployed } = await deployDepositFactory({ rpcUrl: anvil.rpcUrl, from })
      if (deployed) await anvil.saveState()
    }),
  )
}
