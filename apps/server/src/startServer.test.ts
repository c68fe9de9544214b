import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { publicConfigSchema } from '@paylink/shared'
import { testEvmNetwork } from '@paylink/shared/testing/testNetworks'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadConfig, type ServerConfig } from './config.js'
import type { DevnetHandle } from './devnet/devnetNetworks.js'
import { ConfigError } from './errors.js'
import { startServer } from './startServer.js'
import { startJsonRpcServer, type TestHttpServer } from '@paylink/chains/testing/startHttpServer'

const dir = mkdtempSync(join(tmpdir(), 'paylink-start-'))
let l1: TestHttpServer
let l2: TestHttpServer

beforeAll(async () => {
  l1 = await startJsonRpcServer({ eth_chainId: '0x7a69', eth_blockNumber: '0x3' })
  l2 = await startJsonRpcServer({ eth_chainId: '0x7a6a', eth_blockNumber: '0x0' })
})
afterAll(async () => {
  await Promise.all([l1?.close(), l2?.close()])
  rmSync(dir, { recursive: true, force: true })
})

/** A stand-in for @paylink/devnet: tiny JSON-RPC servers play anvil. */
function fakeDevnet(): DevnetHandle & { stop: ReturnType<typeof vi.fn> } {
  return {
    chains: [
      { chainId: 31337, name: 'Paylink Devnet', rpcUrl: l1.url },
      { chainId: 31338, name: 'Paylink Devnet L2', rpcUrl: l2.url },
    ],
    token: {
      chainId: 31337,
      address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      symbol: 'TUSD',
      name: 'Test USD',
      decimals: 6,
    },
    accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    stop: vi.fn(async () => {}),
  }
}

function config(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...loadConfig({ DATA_DIR: join(dir, `data-${Math.random()}`) }, dir), port: 0, ...overrides }
}

const sepolia = testEvmNetwork('eip155:11155111', 'https://sepolia.example.org', { name: 'Sepolia', confirmations: 2 })

describe('startServer', () => {
  it('with the devnet: puts its chains first, proxies them, prints the demo line, and stops it on close', async () => {
    const devnet = fakeDevnet()
    const lines: string[] = []
    const server = await startServer({
      config: config({ devnet: true, networks: [sepolia] }),
      startDevnet: async () => devnet,
      print: (line) => lines.push(line),
      logLevel: 'silent',
    })
    try {
      expect(lines).toEqual(['Paylink is running at http://localhost:3000 (demo: devnet with Dev Wallet)'])
      const publicConfig = publicConfigSchema.parse(await (await fetch(`${server.address}/api/config`)).json())
      expect(publicConfig.demo).toBe(true)
      expect(publicConfig.networks.map((n) => n.caipNetworkId)).toEqual([
        'eip155:31337',
        'eip155:31338',
        'eip155:11155111',
      ])
      const rpc = await fetch(`${server.address}/devnet/rpc/31338`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      })
      expect(await rpc.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a6a' })
      expect(server.app.paymentLinks.tracker.running).toBe(true)
    } finally {
      await server.close()
      await server.close()
    }
    expect(server.app.paymentLinks.tracker.running).toBe(false)
    expect(devnet.stop).toHaveBeenCalledTimes(1)
    await expect(fetch(`${server.address}/api/health`)).rejects.toThrow()
  })

  it('without the devnet: never starts it and has no proxy', async () => {
    const startDevnet = vi.fn(async () => fakeDevnet())
    const lines: string[] = []
    const server = await startServer({
      config: config({ devnet: false, networks: [sepolia] }),
      startDevnet,
      print: (line) => lines.push(line),
      logLevel: 'silent',
    })
    try {
      expect(startDevnet).not.toHaveBeenCalled()
      expect(lines).toEqual(['Paylink is running at http://localhost:3000'])
      const rpc = await fetch(`${server.address}/devnet/rpc/31337`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      })
      expect(rpc.status).toBe(404)
    } finally {
      await server.close()
    }
  })

  it('gives the devnet its state directory in the data dir, without a reset by default', async () => {
    const startDevnet = vi.fn(async () => fakeDevnet())
    const cfg = config({ devnet: true })
    const server = await startServer({ config: cfg, startDevnet, print: () => {}, logLevel: 'silent' })
    await server.close()
    expect(startDevnet).toHaveBeenCalledWith({
      stateDir: join(cfg.dataDir, 'devnet'),
      reset: false,
      bitcoinBlockIntervalMs: 10_000,
    })
  })

  it('with reset: says so first, resets the devnet and starts on a new PGlite database', async () => {
    const cfg = config({ devnet: true })
    mkdirSync(cfg.pgliteDir, { recursive: true })
    writeFileSync(join(cfg.pgliteDir, 'old-database'), '')
    const lines: string[] = []
    const startDevnet = vi.fn(async () => {
      lines.push('devnet started')
      return fakeDevnet()
    })
    const server = await startServer({
      config: cfg,
      startDevnet,
      reset: true,
      print: (line) => lines.push(line),
      logLevel: 'silent',
    })
    try {
      expect(lines).toEqual([
        `Resetting the demo: removing ${cfg.pgliteDir} and ${join(cfg.dataDir, 'devnet')} (database and devnet chains)`,
        'devnet started',
        'Paylink is running at http://localhost:3000 (demo: devnet with Dev Wallet)',
      ])
      expect(startDevnet).toHaveBeenCalledWith({
        stateDir: join(cfg.dataDir, 'devnet'),
        reset: true,
        bitcoinBlockIntervalMs: 10_000,
      })
      expect(existsSync(join(cfg.pgliteDir, 'old-database'))).toBe(false)
      expect((await (await fetch(`${server.address}/api/health`)).json()).db).toBe(true)
    } finally {
      await server.close()
    }
  })

  it('refuses to reset a Postgres database or a server without the demo, before starting anything', async () => {
    const startDevnet = vi.fn(async () => fakeDevnet())
    const print = vi.fn()
    const postgres = config({ devnet: true, databaseUrl: 'postgres://paylink@127.0.0.1:1/paylink' })
    await expect(
      startServer({ config: postgres, startDevnet, reset: true, print, logLevel: 'silent' }),
    ).rejects.toThrow(
      new ConfigError(
        '--reset (PAYLINK_RESET) will not wipe a Postgres database: it only resets the demo on PGlite (unset DATABASE_URL)',
      ),
    )
    await expect(
      startServer({
        config: config({ devnet: false, networks: [sepolia] }),
        startDevnet,
        reset: true,
        print,
        logLevel: 'silent',
      }),
    ).rejects.toThrow(
      new ConfigError('--reset (PAYLINK_RESET) only resets the demo: it needs the devnet on (PAYLINK_DEVNET=1)'),
    )
    expect(startDevnet).not.toHaveBeenCalled()
    expect(print).not.toHaveBeenCalled()
  })

  it('refuses a configured network the devnet already provides, and stops the devnet it started', async () => {
    const devnet = fakeDevnet()
    await expect(
      startServer({
        config: config({ devnet: true, networks: [{ ...sepolia, caipNetworkId: 'eip155:31337' }] }),
        startDevnet: async () => devnet,
        print: () => {},
        logLevel: 'silent',
      }),
    ).rejects.toBeInstanceOf(ConfigError)
    expect(devnet.stop).toHaveBeenCalledTimes(1)
  })
})
