import { atMost, info, type BenchRow } from '../table.js'

/** What a block-scan bench measured at one crowd size. */
export type CrowdMeasure = { open: number; ms: number[]; paid: number }

/**
 * The rows every block-scan bench reports after its two crowd sizes: the time to process one block
 * with the large crowd open (the small one beside it), and the real payments in those blocks that
 * were not paid after their block.
 */
export function blockScanRows({
  crowd,
  smallCrowd,
  paymentsWhat,
  blocksPerSize,
  expectedPaid,
  small,
  large,
}: {
  /** What is open, e.g. "open BTC links" (after the large crowd's size). */
  crowd: string
  /** The same for the small crowd, e.g. "open links". */
  smallCrowd: string
  /** What was paid, e.g. "real payments". */
  paymentsWhat: string
  blocksPerSize: number
  expectedPaid: number
  small: CrowdMeasure
  large: CrowdMeasure
}): BenchRow[] {
  const slowest = (values: number[]) => Math.round(Math.max(...values))
  return [
    info(
      `time to process one block, ${large.open.toLocaleString('en-US')} ${crowd} (max of ${blocksPerSize})`,
      slowest(large.ms),
      'ms',
      { beside: `${small.open} ${smallCrowd}: ${slowest(small.ms)} ms`, note: 'PGlite on disk' },
    ),
    atMost(
      `${paymentsWhat} in those blocks not paid after their block`,
      expectedPaid - small.paid - large.paid,
      'payments',
      0,
      {
        note: `${small.paid + large.paid}/${expectedPaid} paid`,
      },
    ),
  ]
}
