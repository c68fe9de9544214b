import { z } from 'zod'

/** CAIP-2 chain id: `namespace:reference`, e.g. `eip155:31337`. */
export const caipNetworkIdSchema = z
  .string()
  .max(64)
  .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 chain id such as eip155:1')

export interface ParsedCaipNetworkId {
  namespace: string
  reference: string
}

export function parseCaipNetworkId(id: string): ParsedCaipNetworkId {
  const i = id.indexOf(':')
  if (i < 1 || i === id.length - 1) throw new Error(`Not a CAIP-2 chain id: ${id}`)
  return { namespace: id.slice(0, i), reference: id.slice(i + 1) }
}
