import { randomBytes } from 'node:crypto'

/** A random, unguessable id such as `lnk_3q2x…` (128 bits, base64url). */
export function newId(
  prefix:
    | 'lnk'
    | 'opt'
    | 'pay'
    | 'whd'
    | 'evt'
    | 'key'
    | 'quo'
    | 'rcm'
    | 'rfd'
    | 'unm'
    | 'res'
    | 'pln'
    | 'sub'
    | 'rnw'
    | 'pos'
    | 'sml',
): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`
}
