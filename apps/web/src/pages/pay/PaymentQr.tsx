import QRCode from 'qrcode'
import { useMemo } from 'react'

/**
 * The QR code of a payment URI as an SVG (sharp at any size, no canvas), drawn from qrcode's
 * module matrix. `data-payment-uri` carries the encoded URI for tests and tools that read the page.
 */
export function PaymentQr({ uri, label }: { uri: string; label: string }) {
  const drawing = useMemo(() => {
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' })
    let path = ''
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`
      }
    }
    return { size: modules.size, path }
  }, [uri])
  // A 4-module quiet zone, as the QR standard asks, so phone cameras find the edges.
  const box = drawing.size + 8
  return (
    <svg
      className="scan-qr"
      role="img"
      aria-label={label}
      data-testid="scan-qr"
      data-payment-uri={uri}
      viewBox={`-4 -4 ${box} ${box}`}
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={box} height={box} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  )
}
