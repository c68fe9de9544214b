/**
 * A field's address problem as a sentence: the families' fragments ("must be …", "is an address
 * of another network …") after the field's name, their whole sentences ("This address has a
 * typo …") as they are.
 */
export function addressProblemText(field: string, problem: string): string {
  return /^[A-Z]/.test(problem) ? problem : `${field}: ${problem}`
}
