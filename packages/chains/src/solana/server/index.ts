import type { ChainFamily } from '../../serverFace/chainFamily.js'
import { connectSolana } from './connectSolana.js'
import { prepareSolanaOption } from './prepareSolanaOption.js'
import { readSolanaHead } from './readSolanaHead.js'
import { readSolanaIdentity } from './readSolanaIdentity.js'
import { refundToPayer } from '../../serverFace/refundToPayer.js'
import { verifySolanaSignature } from './verifySolanaSignature.js'
import { createSolanaDevnetFaucet } from './solanaDevnetFaucet.js'

/**
 * Solana clusters (CAIP-2 `solana:<genesis hash prefix>`), read over JSON-RPC. Options carry a
 * Solana Pay reference; the tracker finds their payments by it (see connectSolana).
 */
export const solanaFamily: ChainFamily = {
  namespace: 'solana',
  readHead: ({ rpcUrl }, options) => readSolanaHead(rpcUrl, options),
  readIdentity: ({ rpcUrl }, options) => readSolanaIdentity(rpcUrl, options),
  connect: connectSolana,
  prepareOption: prepareSolanaOption,
  verifySignature: async (parameters) => verifySolanaSignature(parameters),
  refunds: { sender: (optionRecipient) => optionRecipient, recipient: refundToPayer },
  devnetFaucet: (devnet) => (devnet.solana ? createSolanaDevnetFaucet(devnet.solana) : null),
}

export { findAssociatedTokenAddress, tokenProgramId } from './findAssociatedTokenAddress.js'
export { createSolanaDevnetFaucet, devnetSolanaAssets } from './solanaDevnetFaucet.js'
export { isSolanaAddress } from '../core/isSolanaAddress.js'
export { createSolanaDelegateCollector } from './solanaDelegatePull.js'
