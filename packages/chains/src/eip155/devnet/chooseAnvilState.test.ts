import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

import { chooseAnvilState } from './chooseAnvilState.js'
import { DevnetStateError } from '../../devnetErrors.js'

const dir = mkdtempSync(join(tmpdir(), 'paylink-choose-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let cases = 0

const state = (block: number) =>
  JSON.stringify({ block: { number: block }, accounts: {}, best_block_number: block, blocks: [] })

/** The two files of one chain; `at` sets each file's modification time (seconds). */
function files(saved?: { text: string; at: number }, exit?: { text: string; at: number }) {
  const statePath = join(dir, `${cases}.json`)
  const exitDumpPath = join(dir, `${cases++}.exit.json`)
  for (const [path, file] of [
    [statePath, saved],
    [exitDumpPath, exit],
  ] as const) {
    if (!file) continue
    writeFileSync(path, file.text)
    utimesSync(path, file.at, file.at)
  }
  return { statePath, exitDumpPath }
}

describe('chooseAnvilState', () => {
  it('starts a new chain when nothing was saved', () => {
    expect(chooseAnvilState(files())).toBeNull()
  })

  it('loads the saved state when anvil left no exit dump (it was killed outright)', () => {
    const paths = files({ text: state(5), at: 1000 })
    expect(chooseAnvilState(paths)).toBe(paths.statePath)
  })

  it("promotes anvil's exit dump when it is newer, so the next start loads it", () => {
    const paths = files({ text: state(5), at: 1000 }, { text: state(7), at: 1001 })
    expect(chooseAnvilState(paths)).toBe(paths.statePath)
    expect(JSON.parse(readFileSync(paths.statePath, 'utf8')).best_block_number).toBe(7)
    expect(existsSync(paths.exitDumpPath)).toBe(false)
  })

  it('drops an exit dump older than the saved state', () => {
    const paths = files({ text: state(9), at: 1002 }, { text: state(7), at: 1001 })
    expect(chooseAnvilState(paths)).toBe(paths.statePath)
    expect(JSON.parse(readFileSync(paths.statePath, 'utf8')).best_block_number).toBe(9)
    expect(existsSync(paths.exitDumpPath)).toBe(false)
  })

  it('drops an exit dump torn by a kill mid-write and keeps the saved state', () => {
    const paths = files({ text: state(5), at: 1000 }, { text: state(7).slice(0, 30), at: 1001 })
    expect(chooseAnvilState(paths)).toBe(paths.statePath)
    expect(JSON.parse(readFileSync(paths.statePath, 'utf8')).best_block_number).toBe(5)
    expect(existsSync(paths.exitDumpPath)).toBe(false)
  })

  it('refuses to start a new chain over a saved state it cannot read', () => {
    const paths = files({ text: '{"block":', at: 1000 })
    expect(() => chooseAnvilState(paths)).toThrow(DevnetStateError)
    expect(() => chooseAnvilState(paths)).toThrow(/cannot be read .*--reset/)
  })
})
