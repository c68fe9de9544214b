import { open, rename, rm } from 'node:fs/promises'
import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'

import { anvilRpc } from './anvilRpc.js'

const unzip = promisify(gunzip)

/**
 * Writes anvil's state (`anvil_dumpState`: gzip of the JSON that `--load-state` reads) to `path`,
 * whole: a temp file beside it, synced, then renamed over it, so a kill at any moment leaves
 * either the old state or the new one, never a torn file.
 */
export async function saveAnvilState(rpcUrl: string, path: string): Promise<void> {
  const hex = await anvilRpc<string>(rpcUrl, 'anvil_dumpState')
  const json = await unzip(Buffer.from(hex.replace(/^0x/, ''), 'hex'))
  const temp = `${path}.${process.pid}.tmp`
  try {
    const file = await open(temp, 'w')
    try {
      await file.writeFile(json)
      await file.sync()
    } finally {
      await file.close()
    }
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}
