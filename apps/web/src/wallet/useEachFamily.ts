import { webFamilies, type WebFamily, type WebNamespace } from '@paylink/chains/web'

/**
 * Calls a hook once per chain family, in the registry's order: the list is a constant, so the
 * hooks keep their order on every render (React's rule). For a page that shows every family.
 */
export function useEachFamily<T>(hook: (family: WebFamily<WebNamespace>) => T): Record<WebNamespace, T> {
  const results = {} as Record<WebNamespace, T>
  for (const family of webFamilies) results[family.namespace] = hook(family)
  return results
}
