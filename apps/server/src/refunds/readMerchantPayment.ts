import type { ListedPayment } from '@paylink/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { linkOptions, links, payments } from '../db/schema.js'
import { getPayment } from '../links/readLinks.js'
import type { Merchant } from '../merchants/merchant.js'
import { PaymentNotFoundError } from './refundErrors.js'

/** `GET /api/payments/:id`: one of the merchant's payments as its link shows it (quote, refunds), with the link's title and the asset's symbol. */
export async function readMerchantPayment(db: Db, merchant: Merchant, paymentId: string): Promise<ListedPayment> {
  const [row] = await db
    .select({ merchant: links.merchant, title: links.title, orderOf: links.orderOf, symbol: linkOptions.symbol })
    .from(payments)
    .innerJoin(links, eq(links.id, payments.linkId))
    .leftJoin(linkOptions, eq(linkOptions.id, payments.optionId))
    .where(eq(payments.id, paymentId))
  if (!row || row.merchant !== merchant.id) throw new PaymentNotFoundError(paymentId)
  const payment = await getPayment(db, paymentId)
  if (!payment) throw new PaymentNotFoundError(paymentId)
  return { ...payment, orderOf: row.orderOf, linkTitle: row.title, symbol: row.symbol ?? null, kind: 'link' }
}
