import { ConstantsUtil } from '@reown/appkit-controllers'

/**
 * Whether the toolkit's Swap view can help a payer short of an asset: swaps go through Reown's
 * cloud (a project id is needed) and exist only on the networks AppKit 1.7.8 lists.
 */
export function canSwap(
  projectId: string | null,
  caipNetworkId: string,
  supported: readonly string[] = ConstantsUtil.SWAP_SUPPORTED_NETWORKS,
): boolean {
  return projectId !== null && supported.includes(caipNetworkId)
}
