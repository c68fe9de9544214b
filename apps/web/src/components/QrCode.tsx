import { useEffect, useState } from 'react'
import { QrSvg, qrDrawing } from './QrSvg.js'

/**
 * A QR code of `value` as an SVG, drawn from qrcode's module matrix. qrcode is imported
 * lazily so it stays in its own chunk, loaded only by pages that show a code.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const [drawing, setDrawing] = useState<{ value: string; size: number; path: string } | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    import('qrcode')
      .then((qrcode) => {
        const { modules } = qrcode.create(value, { errorCorrectionLevel: 'M' })
        if (!cancelled) setDrawing({ value, ...qrDrawing(modules) })
      })
      .catch((e: Error) => !cancelled && setError(e.message))
    return () => {
      cancelled = true
    }
  }, [value])

  if (error) return <p className="error">The QR code could not be drawn: {error}</p>
  if (!drawing || drawing.value !== value)
    return (
      <div
        className="qr qr-loading"
        style={{ width: size, height: size }}
        role="status"
        aria-label="Drawing the QR code"
      />
    )
  return <QrSvg className="qr" drawing={drawing} label={label} width={size} height={size} />
}
