import type { ChainFamily } from '../../serverFace/chainFamily.js'
import { connectEvm } from './connectEvm.js'
import { prepareEvmOption } from './prepareEvmOption.js'
import { createEvmRpcClient } from './createEvmRpcClient.js'
import { readEvmHead } from './readEvmHead.js'
import { readEvmIdentity } from './readEvmIdentity.js'
import { refundToPayer } from '../../serverFace/refundToPayer.js'
import { verifyEip155Signature } from './verifyEip155Signature.js'
import { createEvmDevnetFaucet } from './evmDevnetFaucet.js'

/** EVM chains (CAIP-2 `eip155:<chain id>`), read over JSON-RPC with viem. */
export const eip155Family: ChainFamily = {
  namespace: 'eip155',
  readHead: ({ rpcUrl }, options) => readEvmHead(rpcUrl, options),
  readIdentity: ({ caipNetworkId, rpcUrl }, { timeoutMs }) =>
    readEvmIdentity({ client: createEvmRpcClient({ rpcUrl, timeoutMs }), caipNetworkId }),
  connect: connectEvm,
  prepareOption: prepareEvmOption,
  verifySignature: verifyEip155Signature,
  // EVM readers report payers lowercase.
  refunds: { sender: (optionRecipient) => optionRecipient.toLowerCase(), recipient: refundToPayer },
  devnetFaucet: createEvmDevnetFaucet,
}

export { createEvmRpcClient } from './createEvmRpcClient.js'
export { evmDepositAddress, evmDepositSalt } from './evmDepositAddress.js'
export { readEvmDepositBalances } from './readEvmDepositBalances.js'
export { verifyEip155Signature } from './verifyEip155Signature.js'
export { createEvmDevnetFaucet } from './evmDevnetFaucet.js'
