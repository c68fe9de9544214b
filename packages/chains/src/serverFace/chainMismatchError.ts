import { BaseError } from './errors.js'

/**
 * The endpoint serves another chain than the one configured or recorded under this CAIP-2 id
 * (a reset devnet, an RPC URL pointing at another network), or a chain whose history changed
 * deeper than a reorg may. The tracker halts the network on it: no payment is changed.
 */
export class ChainMismatchError extends BaseError {}
