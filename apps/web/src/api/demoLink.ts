import type { DemoLink } from '@paylink/shared'
import { apiSend, hasFields } from './client.js'

/** Demo only: `POST /devnet/demo-link` makes a fresh link of the demo shop for this visitor to pay. */
export function createDemoLink(): Promise<DemoLink> {
  return apiSend('POST', '/devnet/demo-link', hasFields<DemoLink>('a demo link', ['id', 'payPath']))
}
