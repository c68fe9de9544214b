import { z } from 'zod'

/** CAIP-2 chain id: `namespace:reference`, e.g. `eip155:31337`. */
export const caipNetworkIdSchema = z
  .string()
  .max(64)
  .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 chain id such as eip155:1')

/** CAIP-19 asset id: `chain/assetNamespace:assetReference`, e.g. `eip155:1/slip44:60`. */
export const caipAssetIdSchema = z
  .string()
  .max(160)
  .regex(
    /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}\/[-a-z0-9]{3,8}:[-.%a-zA-Z0-9]{1,128}$/,
    'must be a CAIP-19 asset id such as eip155:1/slip44:60',
  )

export const chainNamespaces = ['eip155', 'solana', 'bip122'] as const
export type ChainNamespace = (typeof chainNamespaces)[number]

export interface ParsedCaipNetworkId {
  namespace: string
  reference: string
}

export function parseCaipNetworkId(id: string): ParsedCaipNetworkId {
  const i = id.indexOf(':')
  if (i < 1 || i === id.length - 1) throw new Error(`Not a CAIP-2 chain id: ${id}`)
  return { namespace: id.slice(0, i), reference: id.slice(i + 1) }
}

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

/** The native coin's CAIP-19 id on a network (slip44 coin type per namespace). */
export function nativeAssetId(caipNetworkId: string): string {
  const { namespace } = parseCaipNetworkId(caipNetworkId)
  const coinType = namespace === 'solana' ? 501 : namespace === 'bip122' ? 0 : 60
  return `${caipNetworkId}/slip44:${coinType}`
}
