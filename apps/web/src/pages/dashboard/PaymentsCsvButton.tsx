import { paymentsCsvUrl } from '../../api/merchantFeed.js'

/** Downloads every payment of the merchant as CSV (for accounting); the server names the file. */
export function PaymentsCsvButton() {
  return (
    <a className="button" href={paymentsCsvUrl} download data-testid="payments-csv">
      Download CSV
    </a>
  )
}
