import { mkdir, open, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * Writes `data` to `path` whole: a temp file beside it, synced, then renamed over it, so a kill at
 * any moment leaves either the old file or the new one, never a torn file (a devnet reads it back
 * as its chain at the next start).
 */
export async function writeFileWhole(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temp = `${path}.${process.pid}.tmp`
  try {
    const file = await open(temp, 'w')
    try {
      await file.writeFile(data)
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
