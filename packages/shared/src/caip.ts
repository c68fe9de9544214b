import { z } from 'zod'
import { chainFactsOf, parseCaipNetworkId } from '@paylink/chains/facts'

export { caipNetworkIdSchema } from '@paylink/chains/caip'
export {
  chainNamespaces,
  parseCaipNetworkId,
  type ChainNamespace,
  type ParsedCaipNetworkId,
} from '@paylink/chains/facts'

/** CAIP-19 asset id: `chain/assetNamespace:assetReference`, e.g. `eip155:1/slip44:60`. */
export const caipAssetIdSchema = z
  .string()
  .max(160)
  .regex(
    /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}\/[-a-z0-9]{3,8}:[-.%a-zA-Z0-9]{1,128}$/,
    'must be a CAIP-19 asset id such as eip155:1/slip44:60',
  )

export interface ParsedCaipAssetId {
  caipNetworkId: string
  assetNamespace: string
  assetReference: string
}

export function parseCaipAssetId(id: string): ParsedCaipAssetId {
  const slash = id.indexOf('/')
  if (slash < 0) throw new Error(`Not a CAIP-19 asset id: ${id}`)
  const caipNetworkId = id.slice(0, slash)
  parseCaipNetworkId(caipNetworkId)
  const rest = id.slice(slash + 1)
  const colon = rest.indexOf(':')
  if (colon < 1) throw new Error(`Not a CAIP-19 asset id: ${id}`)
  return { caipNetworkId, assetNamespace: rest.slice(0, colon), assetReference: rest.slice(colon + 1) }
}

/** The native coin's CAIP-19 id on a network (slip44 coin type per namespace; Ether's for a namespace no family knows). */
export function nativeAssetId(caipNetworkId: string): string {
  const { namespace } = parseCaipNetworkId(caipNetworkId)
  return `${caipNetworkId}/slip44:${chainFactsOf(namespace)?.nativeCoinType ?? 60}`
}
