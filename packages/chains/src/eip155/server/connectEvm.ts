import { erc20Abi, getAddress } from 'viem'
import { ChainReadError } from '../../serverFace/errors.js'
import type { ChainEndpoint, ConnectChainOptions, PaymentChainReader } from '../../serverFace/chainFamily.js'
import { classifyEvmEvidence } from './classifyEvmEvidence.js'
import { createEvmRpcClient } from './createEvmRpcClient.js'
import { readEvmIdentity } from './readEvmIdentity.js'
import { readEvmPaymentEvidence } from './readEvmPaymentEvidence.js'
import { scanEvmBlocks } from './scanEvmBlocks.js'

/**
 * The tracker's connection to one EVM network: one viem client whose calls made in the same
 * tick travel as one JSON-RPC batch, so reading the head with the identity, or 200 receipts,
 * is one HTTP request.
 */
export function connectEvm(
  { caipNetworkId, rpcUrl, rpcUrls }: ChainEndpoint,
  { timeoutMs, onHttpRequest, onEndpointSwitch }: ConnectChainOptions,
): PaymentChainReader {
  const client = createEvmRpcClient({
    rpcUrl,
    ...(rpcUrls ? { rpcUrls } : {}),
    timeoutMs,
    ...(onHttpRequest ? { onHttpRequest } : {}),
    ...(onEndpointSwitch ? { onEndpointSwitch } : {}),
  })
  return {
    async readHead() {
      try {
        return BigInt(await client.request({ method: 'eth_blockNumber' }))
      } catch (cause) {
        throw new ChainReadError(`Could not read the block number of ${caipNetworkId}`, {
          details: (cause as Error).message?.split('\n')[0],
          cause,
        })
      }
    },
    readIdentity: () => readEvmIdentity({ client, caipNetworkId }),
    readTokenSupply: (tokenAddress) =>
      client.readContract({ address: getAddress(tokenAddress), abi: erc20Abi, functionName: 'totalSupply' }),
    findPayments: (parameters) => scanEvmBlocks({ client, ...parameters }),
    async readEvidence(expectations, knownBlocks) {
      // A transaction two payments name is read once, with its body if either still needs matching.
      const withTransaction = new Map<string, boolean>()
      for (const { transactionId, options } of expectations) {
        withTransaction.set(transactionId, (withTransaction.get(transactionId) ?? false) || options !== null)
      }
      const { head, evidence } = await readEvmPaymentEvidence({
        client,
        items: [...withTransaction].map(([txHash, body]) => ({ txHash, withTransaction: body })),
        ...(knownBlocks ? { knownBlocks } : {}),
      })
      return {
        head,
        // A matched payment's finding says nothing of the body, even when another payment had it read.
        findings: expectations.map(({ transactionId, options }) => {
          const read = evidence.get(transactionId)!
          return classifyEvmEvidence(options === null ? { ...read, transaction: null } : read, options)
        }),
      }
    },
    endpointInUse: client.endpointInUse,
  }
}
