export interface CheckoutChunk {
  file: string
  bytes: number
  gzip: number
}
export function checkoutCriticalPath(distDir: string): { chunks: CheckoutChunk[]; bytes: number; gzip: number }
