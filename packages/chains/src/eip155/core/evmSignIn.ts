import { getAddress } from 'viem'
import type { ChainSignIn } from '../../chainCore.js'

const eip155Prefix = 'eip155:'

/** EIP-4361: the Chain ID line is the bare decimal chain id, the address is written with its EIP-55 checksum. */
export const evmSignIn: ChainSignIn = {
  accountName: 'Ethereum',
  chainLine: (caipNetworkId) => caipNetworkId.slice(eip155Prefix.length),
  readChainLine: (line) => (/^[1-9]\d{0,31}$/.test(line) ? `${eip155Prefix}${line}` : null),
  chainLineRule: 'is not an EIP-155 chain id',
  addressProblem(address) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return 'is not an Ethereum address'
    return getAddress(address) === address ? null : 'is not written with its EIP-55 checksum'
  },
}
