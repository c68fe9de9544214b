import { base64 } from '@scure/base'
import { signWireTransaction, type DevWalletSolanaKey } from '../devnet/wallet/index.js'
import { solanaRpc } from '../web/solanaRpc.js'
import { waitForSolanaSignature } from '../web/sendSolanaTransaction.js'

/** Signs a prepared wire transaction with `key` (as a wallet would), sends it and waits until it lands; its signature. */
export async function signAndLand(rpcUrl: string, wire: Uint8Array, key: DevWalletSolanaKey): Promise<string> {
  const { signed } = signWireTransaction(wire, key.secretKey, key.publicKey)
  const signature = await solanaRpc<string>(rpcUrl, 'sendTransaction', [base64.encode(signed), { encoding: 'base64' }])
  await waitForSolanaSignature(rpcUrl, signature, { intervalMs: 50 })
  return signature
}
