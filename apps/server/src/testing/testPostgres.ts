/**
 * Test helper: a throwaway PostgreSQL cluster on a free loopback port, or the database
 * named by DATABASE_URL when the environment provides one (CI with a service container).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './freePort.js'

export interface TestPostgres {
  url: string
  stop(): Promise<void>
}

/** The newest Debian-style `/usr/lib/postgresql/<version>/bin` holding initdb and pg_ctl. */
export function findPostgresBinDir(root = '/usr/lib/postgresql'): string | null {
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
  return versions.length ? join(root, versions[0]!, 'bin') : null
}

/** True when a test can get a real Postgres: a DATABASE_URL or local server binaries. */
export function canStartTestPostgres(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.DATABASE_URL) || findPostgresBinDir() !== null
}

export async function startTestPostgres(env: Record<string, string | undefined> = process.env): Promise<TestPostgres> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {} }
  const bin = findPostgresBinDir()
  if (!bin) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql')

  const dir = mkdtempSync(join(tmpdir(), 'paylink-pg-'))
  const dataDir = join(dir, 'data')
  // Postgres refuses to run as root: as root, run it as the postgres user, who must own the dir.
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args]
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: dir })
    if (result.status !== 0) {
      throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`)
    }
  }

  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions'])
    const port = await freePort()
    const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`
    run('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start'])
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop: async () => {
        try {
          run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      },
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}
