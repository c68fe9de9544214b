import { loadConfig } from './config.js'
import { BaseError } from './errors.js'
import { readResetRequest } from './readResetRequest.js'
import { startServer, type RunningServer } from './startServer.js'

/** `npm start [-- --reset]`: read the environment, start everything, stop it all on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  // Signals are taken from the first moment: one that arrives while the server is still starting
  // (its "running at" line may already be out) stops it as soon as it has started, never by the
  // signal's default action, which would skip closing the database and leaving the cluster.
  let server: RunningServer | undefined
  let stopping = false
  const close = (running: RunningServer) =>
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Paylink did not shut down cleanly: ${(error as Error).message}\n`)
        process.exit(1)
      },
    )
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`Second ${signal}: exiting now.\n`)
      process.exit(1)
    }
    stopping = true
    if (server) void close(server)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  try {
    server = await startServer({ config: loadConfig(), reset: readResetRequest(process.argv.slice(2), process.env) })
  } catch (error) {
    // A config mistake is the operator's to fix: say what, without a stack trace.
    const message = error instanceof BaseError ? error.message : ((error as Error)?.stack ?? String(error))
    process.stderr.write(`Paylink could not start: ${message}\n`)
    process.exit(1)
  }
  if (stopping) await close(server)
}

await main()
