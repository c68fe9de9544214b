import QRCode from 'qrcode'
import { useMemo } from 'react'
import { QrSvg, qrDrawing } from '../../components/QrSvg.js'

/**
 * The QR code of a payment URI as an SVG, drawn at once (qrcode is in this chunk already).
 * `data-payment-uri` carries the encoded URI for tests and tools that read the page.
 */
export function PaymentQr({ uri, label }: { uri: string; label: string }) {
  const drawing = useMemo(() => qrDrawing(QRCode.create(uri, { errorCorrectionLevel: 'M' }).modules), [uri])
  return <QrSvg className="scan-qr" drawing={drawing} label={label} data-testid="scan-qr" data-payment-uri={uri} />
}
