import { describe, expect, it } from 'vitest'

import { startAnvil } from './anvil.js'

async function rpc(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('startAnvil', () => {
  it('starts on a free loopback port with the requested chain id and stops', async () => {
    const [a, b] = await Promise.all([startAnvil({ chainId: 4242 }), startAnvil({ chainId: 4243 })])
    try {
      expect(a.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(a.rpcUrl).not.toBe(b.rpcUrl)
      expect(await rpc(a.rpcUrl, 'eth_chainId')).toBe('0x1092')
      expect(await rpc(b.rpcUrl, 'eth_chainId')).toBe('0x1093')
      expect((await rpc(a.rpcUrl, 'eth_accounts')) as string[]).toHaveLength(10)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
    expect(isAlive(a.pid)).toBe(false)
    await expect(rpc(a.rpcUrl, 'eth_chainId')).rejects.toThrow()
    await a.stop() // idempotent
  })
})
