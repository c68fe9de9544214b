import type { X402Gas, X402GasKey } from '@paylink/shared'
import { formatUnits } from 'viem'
import type { EvmFacilitator } from './createEvmFacilitator.js'
import type { SolanaFacilitator } from './createSolanaFacilitator.js'

/** Under these a gas key is low (X402_LOW_GAS_EVM, X402_LOW_GAS_SOLANA), in the coin's atomic units. */
export interface LowGas {
  evmWei: bigint
  solanaLamports: bigint
}

/**
 * 0.01 ETH is some hundreds of EIP-3009 settlements on a cheap L2; a Solana settlement costs its
 * 5,000-lamport signature fee and a tiny priority fee: 0.01 SOL is about 2,000.
 */
export const defaultLowGas: LowGas = { evmWei: 10n ** 16n, solanaLamports: 10n ** 7n }

/** A gas key's balances as the API shows them: in the coin, and whether they are under `low`. */
const gasKeyOf = async (
  key: Pick<SolanaFacilitator, 'address' | 'balances'>,
  decimals: number,
  low: bigint,
): Promise<X402GasKey> => ({
  address: key.address,
  threshold: formatUnits(low, decimals),
  networks: (await key.balances()).map(({ caipNetworkId, balance }) => ({
    caipNetworkId,
    balance: balance === null ? null : formatUnits(balance, decimals),
    low: balance !== null && balance < low,
  })),
})

/** What `GET /api/x402/gas` and `/api/health` show: the gas keys' balances, `low` under the threshold. */
export async function x402GasOf(
  evm: Pick<EvmFacilitator, 'address' | 'balances'>,
  solana: Pick<SolanaFacilitator, 'address' | 'balances'> | undefined,
  low: LowGas = defaultLowGas,
): Promise<X402Gas> {
  const [evmGas, solanaGas] = await Promise.all([
    gasKeyOf(evm, 18, low.evmWei),
    solana && gasKeyOf(solana, 9, low.solanaLamports),
  ])
  return { ...evmGas, ...(solanaGas ? { solana: solanaGas } : {}) }
}
