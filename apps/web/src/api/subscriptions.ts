import {
  createdSubscriptionSchema,
  planPageSchema,
  subscriptionPageSchema,
  subscriptionSchema,
  type CreatedSubscription,
  type PlanPage,
  type SubscribeBody,
  type Subscription,
  type SubscriptionPage,
} from '@paylink/shared'
import { apiGet, apiSend } from './client.js'

// The payer's side of subscriptions (README, "Subscriptions"): no session, the manage token instead.

const at = (id: string) => encodeURIComponent(id)

export const fetchPlanPage = (planId: string): Promise<PlanPage> =>
  apiGet(`/api/plans/${at(planId)}/page`, planPageSchema)

export const subscribeToPlan = (planId: string, body: SubscribeBody): Promise<CreatedSubscription> =>
  apiSend('POST', `/api/plans/${at(planId)}/subscriptions`, createdSubscriptionSchema, body)

export const fetchSubscriptionPage = (id: string, token: string): Promise<SubscriptionPage> =>
  apiGet(`/api/subscriptions/${at(id)}/page?token=${encodeURIComponent(token)}`, subscriptionPageSchema)

export const cancelSubscription = (id: string, token: string): Promise<Subscription> =>
  apiSend('POST', `/api/subscriptions/${at(id)}/cancel`, subscriptionSchema, { token })

/** The manage page's address: the payer's way back, as the e-mail gives it. */
export const managePath = (id: string, token: string) => `/subscriptions/${at(id)}?token=${encodeURIComponent(token)}`
