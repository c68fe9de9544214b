import { useEffect, useState } from 'react'

/**
 * A QR code of `value` as an SVG, drawn from qrcode's module matrix. qrcode is imported
 * lazily so it stays in its own chunk, loaded only by pages that show a code.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const [drawing, setDrawing] = useState<{ value: string; modules: number; path: string } | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    import('qrcode')
      .then((qrcode) => {
        const { modules } = qrcode.create(value, { errorCorrectionLevel: 'M' })
        let path = ''
        for (let row = 0; row < modules.size; row++) {
          for (let col = 0; col < modules.size; col++) {
            if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`
          }
        }
        if (!cancelled) setDrawing({ value, modules: modules.size, path })
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
  // A 4-module quiet zone, as the QR standard asks, so phone cameras find the edges.
  const box = drawing.modules + 8
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`-4 -4 ${box} ${box}`}
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={box} height={box} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  )
}
