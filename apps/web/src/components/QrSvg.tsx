import type { SVGProps } from 'react'

/** qrcode's module matrix (`QRCode.create(…).modules`), as much of it as drawing needs. */
interface Modules {
  size: number
  get(row: number, col: number): unknown
}

/** The dark modules as one SVG path of 1×1 squares, and the matrix's width in modules. */
export function qrDrawing(modules: Modules): { size: number; path: string } {
  let path = ''
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`
    }
  }
  return { size: modules.size, path }
}

/**
 * A QR drawing as an SVG (sharp at any size, no canvas), black on a white 4-module quiet zone, as
 * the QR standard asks, so phone cameras find the edges.
 */
export function QrSvg({
  drawing,
  label,
  ...svg
}: { drawing: { size: number; path: string }; label: string } & SVGProps<SVGSVGElement>) {
  const box = drawing.size + 8
  return (
    <svg {...svg} role="img" aria-label={label} viewBox={`-4 -4 ${box} ${box}`} shapeRendering="crispEdges">
      <rect x={-4} y={-4} width={box} height={box} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  )
}
