import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Binds a devnet's server to a free port on 127.0.0.1 (never a fixed port: tests run side by side) and returns the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return (server.address() as AddressInfo).port
}
