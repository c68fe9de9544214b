import type { Env } from './config.js'
import { ConfigError } from './errors.js'

/**
 * Whether this start should reset the demo: `npm start -- --reset` (the command line) or
 * PAYLINK_RESET=1. Read apart from loadConfig because it is an act of this start, not a setting
 * every process of an instance shares.
 */
export function readResetRequest(argv: readonly string[], env: Env): boolean {
  const value = env.PAYLINK_RESET?.trim() || undefined
  if (value !== undefined && value !== '0' && value !== '1')
    throw new ConfigError(`PAYLINK_RESET must be 0 or 1 (got "${value}")`)
  return argv.includes('--reset') || value === '1'
}
