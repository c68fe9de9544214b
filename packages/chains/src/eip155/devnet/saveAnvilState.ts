import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'

import { writeFileWhole } from '../../devnetFace/writeFileWhole.js'
import { anvilRpc } from './anvilRpc.js'

const unzip = promisify(gunzip)

/**
 * Writes anvil's state (`anvil_dumpState`: gzip of the JSON that `--load-state` reads) to `path`,
 * whole (writeFileWhole), so a kill at any moment leaves either the old state or the new one.
 */
export async function saveAnvilState(rpcUrl: string, path: string): Promise<void> {
  const hex = await anvilRpc<string>(rpcUrl, 'anvil_dumpState')
  await writeFileWhole(path, await unzip(Buffer.from(hex.replace(/^0x/, ''), 'hex')))
}
