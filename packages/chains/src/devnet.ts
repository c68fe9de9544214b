// The registry of the families' devnet faces: with the other registries, the only files that list every
// chain family (see ../README.md). Node only: each face starts its family's local chain for the demo
// and the tests; the Dev Wallet's browser side is on each face's `./wallet` subpath.
import * as bip122 from './bip122/devnet/index.js'
import * as eip155 from './eip155/devnet/index.js'
import * as solana from './solana/devnet/index.js'

/** Each family's devnet face, by CAIP-2 namespace. */
export const devnetFaces = { eip155, solana, bip122 } as const

export type DevnetNamespace = keyof typeof devnetFaces

export { DevnetError, DevnetInUseError, DevnetStateError } from './devnetErrors.js'
