import type { Asset, Network, PublicConfig } from '@paylink/shared'

export interface ToPublicConfigParameters {
  projectId: string | null
  demo: boolean
  networks: readonly Network[]
  assets: readonly Asset[]
}

/** What the web app needs to start: everything here is public by design. */
export function toPublicConfig({ projectId, demo, networks, assets }: ToPublicConfigParameters): PublicConfig {
  return {
    projectId,
    demo,
    networks: networks.map((n) => ({ ...n, nativeCurrency: { ...n.nativeCurrency } })),
    assets: assets.map((a) => ({ ...a })),
  }
}
