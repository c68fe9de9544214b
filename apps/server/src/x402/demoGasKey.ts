import { ed25519 } from '@noble/curves/ed25519'
import { chainCores } from '@paylink/chains/core'
import type { Asset } from '@paylink/shared'
import { base58 } from '@scure/base'
import { privateKeyToAccount } from 'viem/accounts'
import { requestFaucet, type DevnetFaucet } from '../devnet/devnetFaucet.js'
import { evmNetworkIds } from './index.js'

/**
 * Gives the demo's facilitator gas keys (new at each start) 10 of the coin on every devnet chain
 * they pay on (ETH on the EVM chains, SOL on Solana) from the devnet's own faucet, so the demo
 * needs no X402_EVM_PRIVATE_KEY nor X402_SOLANA_SECRET_KEY.
 */
export async function fundDemoGasKey(
  keys: { evmPrivateKey: `0x${string}` | null; solanaSecretKey: Uint8Array | null },
  faucets: readonly DevnetFaucet[],
  assets: readonly Asset[],
): Promise<void> {
  const evm = keys.evmPrivateKey && privateKeyToAccount(keys.evmPrivateKey).address
  // A Solana keypair's last 32 bytes are its public key, the address in base58.
  const solana = keys.solanaSecretKey && base58.encode(keys.solanaSecretKey.subarray(32))
  for (const asset of assets.filter((a) => a.native)) {
    const address =
      evmNetworkIds([asset]).length > 0
        ? evm
        : asset.caipNetworkId.startsWith(`${chainCores.solana.namespace}:`)
          ? solana
          : null
    if (address) await requestFaucet(faucets, { asset: asset.assetId, address, amount: '10' })
  }
}

/** A new Solana keypair in X402_SOLANA_SECRET_KEY's form: the 32-byte secret, then its public key. */
export function generateSolanaKeypair(): Uint8Array {
  const secret = ed25519.utils.randomSecretKey()
  return Uint8Array.from([...secret, ...ed25519.getPublicKey(secret)])
}
