import { z } from 'zod'

export { parseCaipNetworkId, type ParsedCaipNetworkId } from './parseCaipNetworkId.js'

/** CAIP-2 chain id: `namespace:reference`, e.g. `eip155:31337`. */
export const caipNetworkIdSchema = z
  .string()
  .max(64)
  .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 chain id such as eip155:1')
