import { AlertController } from '@reown/appkit-controllers'

/**
 * Alerts meant for whoever runs the instance, not for someone paying: AppKit 1.7.8 raises
 * "Project ID Not Configured" from createAppKit when there is no projectId
 * (appkit-base-client.js, `AlertController.open(ErrorUtil.ALERT_ERRORS.PROJECT_ID_NOT_CONFIGURED,
 * 'error')`), and "Invalid App Configuration" when Reown's cloud refuses the origin. Its modal shows
 * them over its title and close button. The dashboard and /toolkit say what to do instead
 * (components/OperatorNotice.tsx).
 */
export const operatorAlerts: ReadonlySet<string> = new Set(['Project ID Not Configured', 'Invalid App Configuration'])

/** The checkout: the pages a payer sees. */
export const isPayerPage = (pathname: string) => pathname.startsWith('/pay/')

let installed = false

/**
 * Wraps AlertController.open (the toolkit itself is not patched) so that on a payer's page an
 * operator alert never reaches the modal; in the demo (`demo`), whose visitors run nothing and can
 * configure no project id, on no page but /toolkit, the diagnostics page that shows the toolkit as
 * it is (the dashboard's notice says what the alert means). Install before
 * recordToolkitActivity(), which wraps this in turn: the alert is still recorded for /toolkit.
 */
export function keepOperatorAlertsFromPayers(
  pathname: () => string = () => window.location.pathname,
  { demo = false }: { demo?: boolean } = {},
): void {
  if (installed) return
  installed = true
  const open = AlertController.open
  AlertController.open = (message, variant) => {
    const path = pathname()
    const hidden = isPayerPage(path) || (demo && !path.startsWith('/toolkit'))
    if (hidden && operatorAlerts.has(message.shortMessage)) return
    return open(message, variant)
  }
}
