/**
 * Where the server process's memory goes: RSS, heap and external after a full GC, before and
 * after each part is loaded or started. Run with `node --expose-gc --import tsx` (or compiled).
 */
export {}

const MiB = 1024 * 1024
const gc = (globalThis as { gc?: () => void }).gc
let last = process.memoryUsage()
const at = (label: string) => {
  gc?.()
  const now = process.memoryUsage()
  process.stdout.write(
    `${label.padEnd(40)} rss ${(now.rss / MiB).toFixed(1).padStart(6)} MiB (+${((now.rss - last.rss) / MiB).toFixed(1)}), heap ${(now.heapUsed / MiB).toFixed(1)}, external ${(now.external / MiB).toFixed(1)}, arrayBuffers ${(now.arrayBuffers / MiB).toFixed(1)}\n`,
  )
  last = now
}
at('start')
const parts = (process.env.PARTS ?? 'fastify,pglite-import,pglite-open,app,x402,solana,bitcoin').split(',')
for (const part of parts) {
  if (part === 'fastify') await import('fastify')
  if (part === 'pglite-import') await import('@electric-sql/pglite')
  if (part === 'pglite-open') {
    const { PGlite } = await import('@electric-sql/pglite')
    const db = new PGlite()
    await db.query('select 1')
  }
  if (part === 'app') await import('../../apps/server/src/app.js')
  // What the first x402 request imports (the server does not at start).
  if (part === 'x402') await (await import('../../apps/server/src/x402/x402Libraries.js')).x402Libraries()
  if (part === 'solana') {
    const { startSolanaDevnet } = await import('@paylink/devnet/solana')
    await startSolanaDevnet({ fundAccounts: [] })
  }
  if (part === 'bitcoin') {
    const { startBitcoinDevnet } = await import('@paylink/devnet/bitcoin')
    await startBitcoinDevnet({ blockIntervalMs: 0, fundAddresses: [] })
  }
  at(part)
}
process.exit(0)
