/** A network's native coin as a CAIP-19 id: its SLIP-44 coin type on that network (`eip155:1/slip44:60`). */
export function slip44AssetId(caipNetworkId: string, coinType: number): string {
  return `${caipNetworkId}/slip44:${coinType}`
}
