import type { CollectTransaction } from '@paylink/shared'
import { PAYLINK_DEPOSIT_FACTORY_ADDRESS, depositFactoryAbi } from '@paylink/chains/eip155/core'
import { encodeFunctionData, getAddress } from 'viem'
import { evmDepositSalt } from '@paylink/chains/eip155/server'
import type { Db } from '../db/openDatabase.js'
import { ConflictError, RequestValidationError } from '../errors.js'
import type { Merchant } from '../merchants/merchant.js'
import { depositNetworks, readWaitingDeposits, type DepositSetup } from './readWaitingDeposits.js'

/** Forwarders one collect transaction deploys and flushes: well inside a block's gas (~150k each at most). */
export const maxDepositsPerCollect = 40

/**
 * The unsigned transaction that moves what waits at the merchant's deposit addresses on a
 * network to their recipients: PaylinkDepositFactory.collect over up to 40 waiting addresses,
 * with every configured token held at any of them. The merchant's wallet sends it; the server
 * never signs, and the transaction can pay nobody but each forwarder's fixed recipient.
 */
export async function buildCollectTransaction(
  db: Db,
  merchant: Merchant,
  setup: DepositSetup,
  caipNetworkId: string,
): Promise<CollectTransaction> {
  if (!depositNetworks(setup.networks).some((network) => network.caipNetworkId === caipNetworkId)) {
    throw new RequestValidationError(
      `body.caipNetworkId: "${caipNetworkId}" is not a network where links get deposit addresses`,
    )
  }
  const [network] = await readWaitingDeposits(db, merchant, setup, caipNetworkId)
  const waiting = network?.deposits ?? []
  if (!waiting.length)
    throw new ConflictError('NOTHING_TO_COLLECT', `Nothing waits at your deposit addresses on ${caipNetworkId}.`)
  const batch = waiting.slice(0, maxDepositsPerCollect)
  const data = encodeFunctionData({
    abi: depositFactoryAbi,
    functionName: 'collect',
    args: [
      batch.map((deposit) => getAddress(deposit.recipient)),
      batch.map((deposit) => evmDepositSalt(deposit.optionId)),
      network!.tokensHeld.map((token) => getAddress(token)),
    ],
  })
  return {
    caipNetworkId,
    to: PAYLINK_DEPOSIT_FACTORY_ADDRESS,
    data,
    value: '0',
    deposits: batch.length,
    remaining: waiting.length - batch.length,
  }
}
