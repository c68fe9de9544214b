import { concat, createPublicClient, createTestClient, createWalletClient, http, type Address, type Hex } from 'viem'

import { PAYLINK_COLLECTOR_ADDRESS, PAYLINK_COLLECTOR_SALT, collectorBytecode } from '../core/collectorContract.js'
import {
  DETERMINISTIC_DEPLOYMENT_PROXY,
  PAYLINK_DEPOSIT_FACTORY_ADDRESS,
  PAYLINK_DEPOSIT_FACTORY_SALT,
  depositFactoryBytecode,
} from '../core/depositContracts.js'

export type DeployDepositFactoryParameters = {
  rpcUrl: string
  /** An unlocked account of the node that pays the gas (anvil's first account). */
  from: Address
}

/** What the devnet deploys through the deterministic-deployment proxy: each contract's name, address, salt and init code. */
const proxyDeployed = {
  depositFactory: {
    name: 'PaylinkDepositFactory',
    address: PAYLINK_DEPOSIT_FACTORY_ADDRESS,
    salt: PAYLINK_DEPOSIT_FACTORY_SALT,
    bytecode: depositFactoryBytecode,
  },
  collector: {
    name: 'PaylinkCollector',
    address: PAYLINK_COLLECTOR_ADDRESS,
    salt: PAYLINK_COLLECTOR_SALT,
    bytecode: collectorBytecode,
  },
} as const

/**
 * Deploys the deposit factory on an anvil through the deterministic-deployment proxy, unless it is
 * there already (a saved chain): idempotent. The sender's spent gas is given back, so the dev
 * accounts keep round balances.
 */
export const deployDepositFactory = (parameters: DeployDepositFactoryParameters) =>
  deployThroughProxy(parameters, proxyDeployed.depositFactory)

/** Deploys the subscriptions' PaylinkCollector the same way (idempotent, gas given back). */
export const deployCollector = (parameters: DeployDepositFactoryParameters) =>
  deployThroughProxy(parameters, proxyDeployed.collector)

async function deployThroughProxy(
  { rpcUrl, from }: DeployDepositFactoryParameters,
  contract: { name: string; address: Address; salt: Hex; bytecode: Hex },
): Promise<{ address: Address; deployed: boolean }> {
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ transport, pollingInterval: 20 })
  const existing = await publicClient.getCode({ address: contract.address })
  if (existing && existing !== '0x') return { address: contract.address, deployed: false }
  const proxyCode = await publicClient.getCode({ address: DETERMINISTIC_DEPLOYMENT_PROXY })
  if (!proxyCode || proxyCode === '0x')
    throw new Error(`no deterministic-deployment proxy at ${DETERMINISTIC_DEPLOYMENT_PROXY} on ${rpcUrl}`)
  const balance = await publicClient.getBalance({ address: from })
  const hash = await createWalletClient({ transport, account: from }).sendTransaction({
    chain: null,
    to: DETERMINISTIC_DEPLOYMENT_PROXY,
    data: concat([contract.salt, contract.bytecode]),
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  const code = await publicClient.getCode({ address: contract.address })
  if (receipt.status !== 'success' || !code || code === '0x')
    throw new Error(`${contract.name} deployment failed (${hash})`)
  await createTestClient({ transport, mode: 'anvil' }).setBalance({ address: from, value: balance })
  return { address: contract.address, deployed: true }
}
