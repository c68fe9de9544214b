import {
  createdPlanSchema,
  mrrSchema,
  planListSchema,
  planSchema,
  subscriptionListSchema,
  type CreatePlanBody,
  type CreatedPlan,
  type Mrr,
  type Plan,
} from '@paylink/shared'
import type { z } from 'zod'
import { apiGet, apiSend } from '../../../api/client.js'

// Subscription plans and their subscribers (README, "Subscriptions").

export type MerchantSubscription = z.infer<typeof subscriptionListSchema>['subscriptions'][number]

export const listPlans = (): Promise<Plan[]> => apiGet('/api/plans', planListSchema).then((r) => r.plans)

export const createPlan = (body: CreatePlanBody): Promise<CreatedPlan> =>
  apiSend('POST', '/api/plans', createdPlanSchema, body)

export const disablePlan = (id: string): Promise<Plan> =>
  apiSend('POST', `/api/plans/${encodeURIComponent(id)}/disable`, planSchema)

export const listSubscriptions = (): Promise<MerchantSubscription[]> =>
  apiGet('/api/subscriptions', subscriptionListSchema).then((r) => r.subscriptions)

export const fetchMrr = (): Promise<Mrr> => apiGet('/api/subscriptions/mrr', mrrSchema).then((r) => r.mrr)

export const subscribeUrl = (planId: string, origin = location.origin) =>
  `${origin}/subscribe/${encodeURIComponent(planId)}`
