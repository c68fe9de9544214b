// CAIP-2 and CAIP-19 ids: the schemas (zod), and the parsers, which load no schema (the checkout's
// first paint imports them from their own files).
import { z } from 'zod'

export { parseCaipAssetId, type ParsedCaipAssetId } from './parseCaipAssetId.js'
export { parseCaipNetworkId, type ParsedCaipNetworkId } from './parseCaipNetworkId.js'

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
