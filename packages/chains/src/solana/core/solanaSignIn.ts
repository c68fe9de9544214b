import { base58 } from '@scure/base'
import type { ChainSignIn } from '../../chainCore.js'
import { fullCaipChainLine } from '../../fullCaipChainLine.js'

/** Solana sign-in (CAIP-122): the address is a 32-byte public key in base58. */
export const solanaSignIn: ChainSignIn = {
  accountName: 'Solana',
  ...fullCaipChainLine('solana', 'Solana'),
  addressProblem(address) {
    let bytes: Uint8Array
    try {
      bytes = base58.decode(address)
    } catch {
      return 'is not base58'
    }
    return bytes.length === 32 ? null : 'is not a 32-byte Solana public key'
  },
}
