import { ApiRequestError } from '../../../api/client.js'

/**
 * Errors keyed by the field's path in the create-link body, dots only: `title`,
 * `options.1.amount`, `expiresInSeconds`. The empty key holds what belongs to no field.
 * The client's zod issues and the server's 400 sentences land on the same keys, so an
 * error the server finds shows beside the same input as one the browser finds.
 */
export type FieldErrors = Record<string, string>

export interface IssueLike {
  path: ReadonlyArray<PropertyKey>
  message: string
  code?: string
  origin?: string
  minimum?: unknown
}

export function fieldKey(path: ReadonlyArray<PropertyKey>): string {
  return path.map(String).join('.')
}

/** zod issues -> one sentence per field (the first: later ones repeat the same problem). */
export function fieldErrorsFromIssues(issues: ReadonlyArray<IssueLike>): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const key = fieldKey(issue.path)
    // zod's own wording for an empty required string reads like a type error to a merchant.
    const message =
      issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1 ? 'is required' : issue.message
    errors[key] ??= message
  }
  return errors
}

/**
 * A failed create answer -> field errors. The server names the field first:
 * `body.options[0].amount: TUSD has 6 decimal places; "1.0000001" has more`.
 */
export function fieldErrorsFromServer(error: unknown): FieldErrors {
  if (!(error instanceof ApiRequestError)) {
    return { '': error instanceof Error ? error.message : 'Something went wrong; try again.' }
  }
  const match = /^body((?:\.[A-Za-z_$][\w$]*|\[\d+\])+): ([\s\S]*)$/.exec(error.message)
  if (error.status !== 400 || !match) return { '': error.message }
  const path = match[1]!.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '')
  return { [path]: match[2]! }
}
