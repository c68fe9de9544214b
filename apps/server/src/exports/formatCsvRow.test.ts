import { describe, expect, it } from 'vitest'
import { formatCsvRow } from './formatCsvRow.js'

describe('formatCsvRow', () => {
  it('joins with commas and ends with CRLF; quotes only fields that need it, doubling quotes (RFC 4180)', () => {
    expect(formatCsvRow(['a', 'b c', 12, true, null])).toBe('a,b c,12,true,\r\n')
    expect(formatCsvRow(['Mugs, large', 'say "hi"', 'two\nlines', 'cr\rhere'])).toBe(
      '"Mugs, large","say ""hi""","two\nlines","cr\rhere"\r\n',
    )
    expect(formatCsvRow([''])).toBe('\r\n')
  })

  it('prefixes text that a spreadsheet would run as a formula with a quote mark', () => {
    expect(formatCsvRow(['=HYPERLINK("http://evil.example","x")'])).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"\r\n`,
    )
    expect(formatCsvRow(['+1', '-2+3', '@SUM(A1)', '\tTab', '\rCR', 'a=b', 'plain'])).toBe(
      `'+1,'-2+3,'@SUM(A1),'\tTab,"'\rCR",a=b,plain\r\n`,
    )
    // Numbers are ours, not user text: a count stays a number.
    expect(formatCsvRow([-1, 0])).toBe('-1,0\r\n')
  })
})
