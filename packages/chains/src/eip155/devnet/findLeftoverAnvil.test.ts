import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

import { findLeftoverAnvil } from './findLeftoverAnvil.js'

const dir = mkdtempSync(join(tmpdir(), 'paylink-leftover-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const dumpState = '/data/devnet/eip155-31337.exit.json'
let cases = 0

/** A fake /proc with one process, and a pid file naming it. */
function fixture({
  pidFile = { pid: 4242, ownerPid: 100 },
  argv = ['/x/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil', '--port', '0', '--dump-state', dumpState],
  stat = '4242 (anvil) S 1 4242 4242 0 -1',
}: { pidFile?: unknown; argv?: string[] | null; stat?: string } = {}) {
  const root = join(dir, String(cases++))
  mkdirSync(join(root, 'proc', '4242'), { recursive: true })
  if (argv) writeFileSync(join(root, 'proc', '4242', 'cmdline'), argv.map((arg) => `${arg}\0`).join(''))
  writeFileSync(join(root, 'proc', '4242', 'stat'), stat)
  writeFileSync(join(root, 'eip155-31337.pid'), typeof pidFile === 'string' ? pidFile : JSON.stringify(pidFile))
  return { pidFile: join(root, 'eip155-31337.pid'), dumpState, procDir: join(root, 'proc') }
}

describe('findLeftoverAnvil', () => {
  it('finds the anvil of this state whose starter is gone (reparented)', () => {
    expect(findLeftoverAnvil(fixture())).toEqual({ pid: 4242, ownerPid: null })
  })

  it('reports the owner when the starter still is its parent (in use, not left over)', () => {
    expect(findLeftoverAnvil(fixture({ stat: '4242 (anvil) S 100 4242 4242 0 -1' }))).toEqual({
      pid: 4242,
      ownerPid: 100,
    })
  })

  it('reads the parent after the last parenthesis of the command name', () => {
    expect(findLeftoverAnvil(fixture({ stat: '4242 (an) vil) S 100 1 1' }))).toEqual({ pid: 4242, ownerPid: 100 })
  })

  it('ignores a pid now used by another program (pid reuse)', () => {
    expect(findLeftoverAnvil(fixture({ argv: ['/usr/bin/node', '--dump-state', dumpState] }))).toBeNull()
  })

  it('ignores an anvil of another state (another data dir)', () => {
    expect(
      findLeftoverAnvil(fixture({ argv: ['/bin/anvil', '--dump-state', '/other/devnet/eip155-31337.exit.json'] })),
    ).toBeNull()
  })

  it('ignores the watchdog shell, whose command line names anvil and the state too', () => {
    expect(
      findLeftoverAnvil(
        fixture({ argv: ['/bin/sh', '-c', 'exec "$0" "$@"', '/bin/anvil', '--dump-state', dumpState] }),
      ),
    ).toBeNull()
  })

  it('ignores a process that has ended (gone, or a zombie with an empty command line)', () => {
    expect(findLeftoverAnvil(fixture({ argv: null }))).toBeNull()
    expect(findLeftoverAnvil(fixture({ argv: [] }))).toBeNull()
    expect(findLeftoverAnvil(fixture({ stat: '4242 (anvil) Z 1 4242 4242 0 -1' }))).toBeNull()
  })

  it('ignores a missing or unreadable pid file', () => {
    expect(findLeftoverAnvil({ ...fixture(), pidFile: join(dir, 'nope.pid') })).toBeNull()
    expect(findLeftoverAnvil(fixture({ pidFile: 'not json' }))).toBeNull()
    expect(findLeftoverAnvil(fixture({ pidFile: { pid: '4242', ownerPid: 100 } }))).toBeNull()
  })
})
