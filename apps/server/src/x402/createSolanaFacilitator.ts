import type { FacilitatorRpcClient } from '@x402/svm'
import { address, createKeyPairSignerFromBytes, createSolanaRpc, devnet } from '@solana/kit'
import { balancesOn, type FacilitatorKey } from './facilitatorKey.js'

export interface X402SolanaNetwork {
  /** `solana:<genesis hash prefix>` */
  caipNetworkId: `solana:${string}`
  /** The server's own endpoint for the cluster. */
  rpcUrl: string
}

/** The Solana fee payer: its balances are lamports. */
export type SolanaFacilitator = FacilitatorKey

/**
 * The fee payer on each Solana network, and @x402/svm's exact scheme on them for x402's own
 * facilitator (the one the EVM networks are on): the payer signs an SPL `transferChecked` and the
 * gas key co-signs as fee payer and sends it. Verification and settlement are @x402/svm's, not ours.
 *
 * `secretKey` is the 64-byte keypair (secret then public key, as `solana-keygen` writes it).
 */
export async function createSolanaFacilitator(
  secretKey: Uint8Array,
  networks: readonly X402SolanaNetwork[],
): Promise<SolanaFacilitator> {
  const signer = await createKeyPairSignerFromBytes(secretKey)
  // `devnet(url)` only brands the URL for kit's types: the cluster is whichever the URL serves.
  const rpcs = networks.map((network) => ({
    caipNetworkId: network.caipNetworkId,
    rpc: createSolanaRpc(devnet(network.rpcUrl)),
  }))
  return {
    address: signer.address,
    networks: networks.map((network) => network.caipNetworkId),
    balances: balancesOn(rpcs, async ({ rpc }) => {
      const { value } = await rpc.getBalance(address(signer.address), { commitment: 'confirmed' }).send()
      return BigInt(value)
    }),
    register(facilitator, { toFacilitatorSvmSigner, ExactSvmFacilitator }) {
      if (networks.length === 0) return
      const byNetwork: Record<string, FacilitatorRpcClient> = Object.fromEntries(
        rpcs.map(({ caipNetworkId, rpc }) => [caipNetworkId, rpc]),
      )
      facilitator.register(
        networks.map((network) => network.caipNetworkId),
        new ExactSvmFacilitator(toFacilitatorSvmSigner(signer, byNetwork)),
      )
    },
  }
}
