import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/** Answers smaller than this go as they are: a header and a frame cost more than they save. */
export const compressThresholdBytes = 1024

/**
 * Brotli or gzip, as the client asks, for every answer made per request (the checkout page, JSON,
 * index.html for client-side routes) above the threshold. The web app's files are compressed once
 * at build time (vite.config.ts) and served as such by @fastify/static's `preCompressed`; they carry
 * their Content-Encoding already, so this plugin leaves them alone. The event stream is written
 * to the socket after `reply.hijack()` (sendEventStream.ts), which no onSend hook sees: its frames
 * are never held back by a compressor.
 *
 * Registered before the routes: the plugin hooks each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: compressThresholdBytes,
    // Only answers change: request bodies are read as before (a Content-Encoding on them is not undone).
    globalDecompression: false,
  })
}
