import { parseAbi, type Address, type Hex } from 'viem'
import type { CollectorConsentTerms } from '../../chainShapes.js'

// Without the artifact's bytecode: the web face imports this, and the payer's page carries no contract code.

/**
 * PaylinkCollector's address on every chain where it was deployed through the deterministic-deployment
 * proxy with salt 0 (a test checks it against the artifact: recompiling a changed contract changes it).
 */
export const PAYLINK_COLLECTOR_ADDRESS: Address = '0x7fB0edd696463fBCe0C2AC35589De38EfD530a6a'

/** The artifact's ABI in viem's human-readable form, so calls are typed (a test compares the two). */
export const collectorAbi = parseAbi([
  'event Canceled(bytes32 indexed id)',
  'event Collected(bytes32 indexed id, uint256 amount, uint64 periodStart)',
  'event Subscribed(bytes32 indexed id, address indexed payer, address token, address merchant, address collector, uint256 amount, uint64 interval, uint64 nextCollectAt)',
  'function cancel(bytes32 id)',
  'function collect(bytes32 id, address to, uint256 amount)',
  'function subscribe(bytes32 id, address token, address merchant, address collector, uint256 amount, uint64 interval, uint64 firstCollectAt)',
  'function subscriptions(bytes32) view returns (address payer, address token, address merchant, address collector, uint256 amount, uint64 interval, uint64 nextCollectAt, bool canceled)',
])

/** The server's terms (decimal and number fields, as JSON carries them) as `subscribe`'s arguments. */
export function collectorSubscribeArgs(terms: Omit<CollectorConsentTerms, 'caipNetworkId' | 'contract'>) {
  return [
    terms.id as Hex,
    terms.token as Address,
    terms.merchant as Address,
    terms.collector as Address,
    BigInt(terms.amount),
    BigInt(terms.intervalSeconds),
    BigInt(terms.firstCollectAt),
  ] as const
}
