export { caipAssetIdSchema, caipNetworkIdSchema, parseCaipAssetId, type ParsedCaipAssetId } from '@paylink/chains/caip'
export {
  chainNamespaces,
  nativeAssetId,
  parseCaipNetworkId,
  type ChainNamespace,
  type ParsedCaipNetworkId,
} from '@paylink/chains/facts'
