/** Characters a spreadsheet may read as the start of a formula (OWASP's CSV injection list). */
const formulaStart = /^[=+\-@\t\r]/

/**
 * One CSV record (RFC 4180): fields joined by commas, ended by CRLF; a field holding a comma,
 * quote, CR or LF is quoted with its quotes doubled. A field that starts like a formula gets a
 * leading `'` first, so a payer's or merchant's text cannot run as a formula in Excel or Sheets.
 */
export function formatCsvRow(fields: ReadonlyArray<string | number | boolean | null>): string {
  return `${fields.map(formatCsvField).join(',')}\r\n`
}

function formatCsvField(value: string | number | boolean | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
