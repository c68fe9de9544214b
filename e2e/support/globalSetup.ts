import { makeDemoDataTemplate } from './server.js'

/** Names the directory of the demo's data after its first start, for every worker's servers (fixtures.ts). */
export const DEMO_DATA_ENV = 'PAYLINK_E2E_DEMO_DATA'

/**
 * Starts the demo once with no data and keeps what that first start wrote: each worker server (one per
 * worker and per distinct `serverOptions`, about fourteen a run) then starts from a copy in about 4 s
 * instead of initialising its own database and chains for 12-20 s. Workers inherit the variable.
 */
export default async function globalSetup() {
  const template = await makeDemoDataTemplate()
  process.env[DEMO_DATA_ENV] = template.dataDir
  return () => template.remove()
}
