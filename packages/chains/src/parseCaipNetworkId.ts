export interface ParsedCaipNetworkId {
  namespace: string
  reference: string
}

/** `eip155:1` -> { namespace: 'eip155', reference: '1' }; throws on anything that is not `namespace:reference`. */
export function parseCaipNetworkId(id: string): ParsedCaipNetworkId {
  const i = id.indexOf(':')
  if (i < 1 || i === id.length - 1) throw new Error(`Not a CAIP-2 chain id: ${id}`)
  return { namespace: id.slice(0, i), reference: id.slice(i + 1) }
}
