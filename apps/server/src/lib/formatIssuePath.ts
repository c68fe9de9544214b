/** A zod issue path as a reader writes it: `networks[0].rpcUrl`. */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('')
}
