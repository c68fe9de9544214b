import { chainCores, chainCoreOf } from '@paylink/chains/core'
import type { CreatedLink } from '@paylink/shared'
import { merchantProfiles } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { NotFoundError } from '../errors.js'
import { createLink, type CreateLinkParameters } from '../links/createLink.js'
import { merchantOf } from '../merchants/merchant.js'

/**
 * The demo's own shop: anvil's well-known dev account 9 (its key is public, like every anvil
 * account), so the demo link pays someone other than the visitor's Dev Wallet and the visitor
 * sees a checkout exactly as a payer of a real shop would.
 */
export const demoMerchant = merchantOf({
  namespace: chainCores.eip155.namespace,
  address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
})
export const demoShopName = 'Paylink Demo Shop'
const demoBrandColor = '#1f5f4a'
/** Long enough to look around and pay, short enough that unpaid demo links stop counting against the shop's cap of open links. */
const demoLinkLifetimeSeconds = 60 * 60

/** What createLink takes that the demo does not choose itself (`maxOpenLinks`: the demo shop's cap, as any merchant's). */
export type CreateDemoLinkParameters = Pick<CreateLinkParameters, 'assets' | 'networks' | 'maxOpenLinks' | 'now'>

/**
 * A fresh 12-unit link of the demo shop, in the devnet's stablecoin (Test USD) where there is
 * one, else its first EVM coin. One link per visitor, made on click: a link paid by one visitor
 * would show "Paid" to the next. The shop's name and colour are written once and never
 * overwritten, so an operator may restyle it from the database.
 */
export async function createDemoLink(db: Db, parameters: CreateDemoLinkParameters): Promise<CreatedLink> {
  const { assets, now = new Date() } = parameters
  const evm = assets.filter((a) => chainCoreOf(a.caipNetworkId) === chainCores.eip155)
  const asset = evm.find((a) => a.peggedTo !== undefined) ?? evm.find((a) => !a.native) ?? evm[0]
  if (!asset) throw new NotFoundError('NOT_FOUND', 'The demo has no EVM asset to ask for')
  await db
    .insert(merchantProfiles)
    .values({ merchant: demoMerchant.id, displayName: demoShopName, brandColor: demoBrandColor, updatedAt: now })
    .onConflictDoNothing()
  return createLink(db, {
    ...parameters,
    merchant: demoMerchant,
    body: {
      title: 'Demo: a bag of coffee beans',
      description: 'A demo link on the local devnet: pay it with the Paylink Dev Wallet. No real money moves.',
      options: [{ asset: asset.assetId, amount: '12', recipient: demoMerchant.address }],
      expiresInSeconds: demoLinkLifetimeSeconds,
    },
    // No webhook URL is set, so no policy is ever consulted.
    webhookPolicy: { allowHttp: false, allowPrivateAddresses: false },
    now,
  })
}
