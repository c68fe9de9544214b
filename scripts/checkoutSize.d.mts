export interface CheckoutChunk {
  file: string
  bytes: number
  gzip: number
  /** The build's .br file (what travels for Accept-Encoding: br); the file's size without one. */
  br: number
}
export function checkoutCriticalPath(distDir: string): {
  chunks: CheckoutChunk[]
  bytes: number
  gzip: number
  br: number
}
