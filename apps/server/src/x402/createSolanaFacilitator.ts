import type { x402Facilitator } from '@x402/core/facilitator'
import { toFacilitatorSvmSigner, type FacilitatorRpcClient } from '@x402/svm'
import { ExactSvmScheme } from '@x402/svm/exact/facilitator'
import { address, createKeyPairSignerFromBytes, createSolanaRpc, devnet } from '@solana/kit'

export interface X402SolanaNetwork {
  /** `solana:<genesis hash prefix>` */
  caipNetworkId: `solana:${string}`
  /** The server's own endpoint for the cluster. */
  rpcUrl: string
}

export interface SolanaFacilitator {
  /** The gas key's address: it pays the transactions' fees and never receives. */
  address: string
  /** The gas key's lamports per network (null where the RPC did not answer). */
  balances(): Promise<Array<{ caipNetworkId: string; balance: bigint | null }>>
}

/**
 * Registers @x402/svm's exact scheme on each Solana network with `facilitator` (x402's own, the
 * one the EVM networks are on): the payer signs an SPL `transferChecked` and the gas key co-signs
 * as fee payer and sends it. Verification and settlement are @x402/svm's, not ours.
 *
 * `secretKey` is the 64-byte keypair (secret then public key, as `solana-keygen` writes it).
 */
export async function createSolanaFacilitator(
  secretKey: Uint8Array,
  networks: readonly X402SolanaNetwork[],
  facilitator: x402Facilitator,
): Promise<SolanaFacilitator> {
  const signer = await createKeyPairSignerFromBytes(secretKey)
  // `devnet(url)` only brands the URL for kit's types: the cluster is whichever the URL serves.
  const rpcs = networks.map((network) => ({
    caipNetworkId: network.caipNetworkId,
    rpc: createSolanaRpc(devnet(network.rpcUrl)),
  }))
  const byNetwork: Record<string, FacilitatorRpcClient> = Object.fromEntries(
    rpcs.map(({ caipNetworkId, rpc }) => [caipNetworkId, rpc]),
  )
  if (networks.length > 0)
    facilitator.register(
      networks.map((network) => network.caipNetworkId),
      new ExactSvmScheme(toFacilitatorSvmSigner(signer, byNetwork)),
    )
  return {
    address: signer.address,
    balances: () =>
      Promise.all(
        rpcs.map(async ({ caipNetworkId, rpc }) => ({
          caipNetworkId,
          balance: await rpc
            .getBalance(address(signer.address), { commitment: 'confirmed' })
            .send()
            .then(({ value }) => BigInt(value))
            .catch(() => null),
        })),
      ),
  }
}
