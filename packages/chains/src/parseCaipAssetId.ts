import { parseCaipNetworkId } from './parseCaipNetworkId.js'

export interface ParsedCaipAssetId {
  caipNetworkId: string
  assetNamespace: string
  assetReference: string
}

/** `eip155:1/erc20:0xabc` -> its network, asset namespace and reference; throws on anything that is not CAIP-19. */
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
