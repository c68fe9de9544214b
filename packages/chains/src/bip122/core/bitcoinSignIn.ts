import type { ChainSignIn } from '../../chainCore.js'
import { fullCaipChainLine } from '../../fullCaipChainLine.js'

/** Bitcoin sign-in (CAIP-122): any address kind a wallet signs with (base58 or bech32), by shape only. */
export const bitcoinSignIn: ChainSignIn = {
  accountName: 'Bitcoin',
  ...fullCaipChainLine('bip122', 'Bitcoin'),
  addressProblem: (address) => (/^[a-zA-Z0-9]{14,90}$/.test(address) ? null : 'is not a Bitcoin address'),
}
