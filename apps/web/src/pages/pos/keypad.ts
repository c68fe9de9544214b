/** A key of the POS keypad: a digit, the decimal point, or delete the last character. */
export type PosKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '00' | '.' | 'back'

/** The most digits before the point: far above any till sale, well below the server's 40 characters. */
const maxWholeDigits = 9

/**
 * The amount as typed after one more key, in a currency with `decimals` minor digits: a second
 * point, a point in a currency without one, a digit past its minor unit or past nine whole digits
 * is ignored, and leading zeros collapse ("0" then "5" is "5"). '' is nothing typed.
 */
export function pressKey(current: string, key: PosKey, decimals: number): string {
  if (key === 'back') return current.slice(0, -1)
  if (key === '.') {
    if (decimals === 0 || current.includes('.')) return current
    return current === '' ? '0.' : `${current}.`
  }
  let next = current
  for (const digit of key) {
    const [whole = '', fraction] = next.split('.')
    if (fraction !== undefined) {
      if (fraction.length < decimals) next += digit
    } else if (whole === '0') next = digit
    else if (whole.length < maxWholeDigits) next += digit
  }
  return next
}

/** The typed amount as the server takes it ("12." is "12"), or null while it is no amount above zero. */
export function chargeableAmount(typed: string): string | null {
  const amount = typed.endsWith('.') ? typed.slice(0, -1) : typed
  return /^\d+(\.\d+)?$/.test(amount) && /[1-9]/.test(amount) ? amount : null
}
