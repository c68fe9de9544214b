import { createHash } from 'node:crypto'

/**
 * How a random bearer token (session cookie, API key, POS device, subscription manage link) is
 * stored: its SHA-256 in hex. The tokens carry 192 bits or more, so a plain hash is enough
 * (nothing to brute-force) and finds the row by one indexed equality.
 */
export const hashSecretToken = (token: string): string => createHash('sha256').update(token).digest('hex')
