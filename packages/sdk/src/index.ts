export {
  createPaylinkClient,
  type PaylinkClient,
  type PaylinkClientOptions,
  type WriteOptions,
  type ListOptions,
} from './createPaylinkClient.js'
export { PaylinkApiError, PaylinkError, PaylinkNetworkError, PaylinkWebhookError } from './errors.js'
export { paginate, type Page } from './paginate.js'
export { retryingFetch, type RetryOptions } from './retryingFetch.js'
export { verifyWebhook, type WebhookHeaders } from './verifyWebhook.js'
export type * from './types.js'
