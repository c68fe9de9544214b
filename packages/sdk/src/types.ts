import type { operations, paths } from './generated/openapi.js'

type Json<
  O extends keyof operations,
  S extends keyof operations[O]['responses'],
> = operations[O]['responses'][S] extends {
  content: { 'application/json': infer T }
}
  ? T
  : never
type Body<O extends keyof operations> = operations[O] extends {
  requestBody: { content: { 'application/json': infer T } }
}
  ? T
  : never
type Query<O extends keyof operations> = NonNullable<operations[O]['parameters']['query']>

export type { operations, paths }
export type CreateLinkBody = Body<'createLink'>
export type CreatedLink = Json<'createLink', 201>
export type Link = Json<'getLink', 200>
export type MerchantLinkList = Json<'listLinks', 200>
export type PaymentListQuery = Omit<Query<'listPayments'>, 'after' | 'limit'>
/** `type` (`order.paid`) and `linkId` (a reusable link's id keeps its orders' events too). */
export type EventListQuery = Omit<Query<'listEvents'>, 'after' | 'limit'>
export type PaymentListPage = Json<'listPayments', 200>
export type PaymentListItem = PaymentListPage['payments'][number]
export type EventFeedPage = Json<'listEvents', 200>
/** A webhook body, as POSTed to the link's URL and listed by GET /api/events. */
export type WebhookEvent = EventFeedPage['events'][number]
