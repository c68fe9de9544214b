import { zeroHash, type Hex } from 'viem'

import collectorArtifact from './contracts/PaylinkCollector.json' with { type: 'json' }

export const PAYLINK_COLLECTOR_SALT: Hex = zeroHash

export { PAYLINK_COLLECTOR_ADDRESS, collectorAbi, collectorSubscribeArgs } from './collectorAbi.js'

export const collectorBytecode = collectorArtifact.bytecode as Hex
