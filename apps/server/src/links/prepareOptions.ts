import { parseCaipAssetId, parseUnits, type Asset, type CreateLinkBody, type Network } from '@paylink/shared'
import { and, eq, sql } from 'drizzle-orm'
import { chainFamilyOf } from '@paylink/chains/server'
import { derivationCounters, merchantChainKeys } from '../db/schema.js'
import type { Tx } from '../db/transaction.js'
import { newId } from '../db/newId.js'
import { RequestValidationError, ValidationError } from '../errors.js'
import type { Merchant } from '../merchants/merchant.js'

export interface PrepareOptionsParameters {
  tx: Tx
  linkId: string
  merchant: Merchant
  body: Pick<CreateLinkBody, 'options'>
  assets: readonly Asset[]
  networks: readonly Network[]
}

export interface PrepareOptionsReturnType {
  rows: Array<{
    id: string
    linkId: string
    position: number
    assetId: string
    caipNetworkId: string
    symbol: string
    decimals: number
    tokenAddress: string | null
    amount: string | null
    recipient: string
    depositAddress: string | null
    reference: string | null
  }>
  /** Said to the API caller (e.g. a plain Bitcoin address whose payments cannot be told apart). */
  warnings: string[]
}

/**
 * The options of a new link as stored: each one's chain family checks its recipient and asset
 * and gives its receiving details (a deposit address, a reference). Runs inside the link's
 * transaction, so a derivation index taken for an option is kept only if the link is.
 */
export async function prepareOptions({
  tx,
  linkId,
  merchant,
  body,
  assets,
  networks,
}: PrepareOptionsParameters): Promise<PrepareOptionsReturnType> {
  const warnings: string[] = []
  const savedKeys = new Map<string, string | null>()
  const savedKey = async (namespace: string) => {
    if (!savedKeys.has(namespace)) {
      const [row] = await tx
        .select({ key: merchantChainKeys.key })
        .from(merchantChainKeys)
        .where(and(eq(merchantChainKeys.merchant, merchant.id), eq(merchantChainKeys.namespace, namespace)))
      savedKeys.set(namespace, row?.key ?? null)
    }
    return savedKeys.get(namespace)!
  }
  const allocateIndex = async (key: string) => {
    const [row] = await tx
      .insert(derivationCounters)
      .values({ key, nextIndex: 1 })
      .onConflictDoUpdate({
        target: derivationCounters.key,
        set: { nextIndex: sql`${derivationCounters.nextIndex} + 1` },
      })
      .returning({ nextIndex: derivationCounters.nextIndex })
    return row!.nextIndex - 1
  }

  const rows: PrepareOptionsReturnType['rows'] = []
  for (const [position, option] of body.options.entries()) {
    const field = `body.options[${position}]`
    const asset = assets.find((a) => a.assetId.toLowerCase() === option.asset.toLowerCase())
    if (!asset) throw new RequestValidationError(`${field}.asset: "${option.asset}" is not a configured asset`)
    const parsed = parseCaipAssetId(asset.assetId)
    const family = chainFamilyOf(asset.caipNetworkId)
    const network = networks.find((n) => n.caipNetworkId === asset.caipNetworkId)
    if (!family?.prepareOption || !family.connect || !network) {
      throw new ValidationError(
        'UNSUPPORTED_ASSET',
        `${field}.asset: payments on ${asset.caipNetworkId} cannot be verified yet`,
      )
    }
    const id = newId('opt')
    const prepared = await family.prepareOption(
      {
        caipNetworkId: asset.caipNetworkId,
        network,
        tokenReference: asset.native ? null : parsed.assetReference,
        recipient: option.recipient,
        merchant,
        optionId: id,
        savedKey: await savedKey(family.namespace),
        allocateIndex,
      },
      field,
    )
    if (prepared.warning) warnings.push(`${field}: ${prepared.warning}`)
    rows.push({
      id,
      linkId,
      position,
      assetId: asset.assetId,
      caipNetworkId: asset.caipNetworkId,
      symbol: asset.symbol,
      decimals: asset.decimals,
      tokenAddress: prepared.tokenAddress,
      // Fiat-priced links have no amount here: each quote carries one.
      amount: option.amount === undefined ? null : parseUnits(option.amount, asset.decimals).toString(),
      recipient: prepared.recipient,
      depositAddress: prepared.depositAddress,
      reference: prepared.reference,
    })
  }
  return { rows, warnings }
}
