import { readFileSync, renameSync, rmSync, statSync } from 'node:fs'

import type { ChainStateFiles } from './chainStateFiles.js'
import { DevnetStateError } from '../../devnetErrors.js'

type StateFile = { kind: 'missing' } | { kind: 'unreadable'; reason: string } | { kind: 'ok'; mtimeMs: number }

/**
 * Picks the state a chain starts from: the newer of the saved state and anvil's own exit dump,
 * among those that read as a whole state (a dump torn by a kill mid-write does not). The exit
 * dump, when it wins, becomes the saved state; when it loses it is removed. Returns the path to
 * load, or null for a fresh chain. Throws DevnetStateError when a saved state exists but
 * neither file can be read: a fresh chain there would not be the chain the database knows.
 */
export function chooseAnvilState({
  statePath,
  exitDumpPath,
}: Pick<ChainStateFiles, 'statePath' | 'exitDumpPath'>): string | null {
  const saved = readStateFile(statePath)
  const exit = readStateFile(exitDumpPath)
  if (exit.kind === 'ok' && (saved.kind !== 'ok' || exit.mtimeMs >= saved.mtimeMs)) {
    renameSync(exitDumpPath, statePath)
    return statePath
  }
  rmSync(exitDumpPath, { force: true })
  if (saved.kind === 'ok') return statePath
  if (saved.kind === 'missing') return null
  throw new DevnetStateError(
    `The devnet state ${statePath} cannot be read (${saved.reason}); restore it, or start the demo from scratch with --reset`,
  )
}

function readStateFile(path: string): StateFile {
  let text: string
  let mtimeMs: number
  try {
    mtimeMs = statSync(path).mtimeMs
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
    return { kind: 'unreadable', reason: (error as Error).message }
  }
  try {
    const state = JSON.parse(text) as Record<string, unknown> | null
    if (typeof state !== 'object' || state === null || !state.accounts || !state.block)
      return { kind: 'unreadable', reason: 'not an anvil state' }
  } catch (error) {
    return { kind: 'unreadable', reason: (error as Error).message }
  }
  return { kind: 'ok', mtimeMs }
}
