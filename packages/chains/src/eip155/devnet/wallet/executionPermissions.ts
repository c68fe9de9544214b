import { invalidParams } from './errors.js'

/** A grant the site asked for with wallet_grantPermissions (ERC-7715), as the wallet answered it. */
export type ExecutionPermissionGrant = Record<string, unknown> & { context: `0x${string}` }

/**
 * ERC-7715 execution permissions, kept in memory per wallet: wallet_grantPermissions answers each
 * requested grant with a `context` the site later names to revoke it; wallet_revokePermissions in
 * AppKit's shape (`{ pci, ... }`) revokes that grant. The Dev Wallet asks no one: it grants what
 * is well formed, like a user who approves every prompt.
 */
export function createExecutionPermissions(chainIdHex: () => `0x${string}`, account: () => string) {
  const grants = new Map<string, ExecutionPermissionGrant>()
  let next = 1

  function grant(params: unknown): ExecutionPermissionGrant[] {
    const requests = Array.isArray(params) ? params : [params]
    if (requests.length === 0) throw invalidParams('wallet_grantPermissions needs at least one permission request.')
    const now = Math.floor(Date.now() / 1000)
    return requests.map((request, index) => {
      const { expiry, permissions } = (request ?? {}) as { expiry?: unknown; permissions?: unknown }
      if (typeof expiry !== 'number' || !Number.isSafeInteger(expiry) || expiry <= now) {
        throw invalidParams(
          `wallet_grantPermissions request ${index}: expiry must be a future Unix time in seconds, got ${JSON.stringify(expiry)}.`,
        )
      }
      if (
        !Array.isArray(permissions) ||
        permissions.length === 0 ||
        permissions.some((p) => typeof (p as { type?: unknown })?.type !== 'string')
      ) {
        throw invalidParams(
          `wallet_grantPermissions request ${index}: permissions must list at least one { type, data }.`,
        )
      }
      const context = `0x${(next++).toString(16).padStart(8, '0')}` as const
      const answer = { chainId: chainIdHex(), address: account(), ...(request as object), context }
      grants.set(context, answer)
      return answer
    })
  }

  function revoke(params: unknown): null {
    const pci = (params as { pci?: unknown } | undefined)?.pci
    if (typeof pci !== 'string' || !grants.delete(pci))
      throw invalidParams(`No permission was granted with context ${JSON.stringify(pci)}.`)
    return null
  }

  return { grant, revoke, granted: () => [...grants.values()] }
}
