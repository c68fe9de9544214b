import { RefusalError, type BaseErrorOptions } from '../errors.js'

/**
 * A sign-in refused by one named check. The code says which check failed, so the client (and
 * a person reading logs) can tell a stale nonce from a bad signature. Each check also says
 * which kind of refusal it is, since the same family holds all three: 400 the message is
 * malformed or names what we do not offer, 401 it does not prove who signed, 403 it came from
 * the wrong place. `http/errorHandling.ts` answers with that status.
 */
export class SiwxError extends RefusalError {
  override name = 'SiwxError'
  constructor(
    readonly refusal: 400 | 401 | 403,
    code: SiwxErrorCode,
    message: string,
    options: BaseErrorOptions = {},
  ) {
    super(code, message, options)
  }
}

export type SiwxErrorCode =
  | 'INVALID_MESSAGE'
  | 'INVALID_TIMESTAMP'
  | 'INVALID_ADDRESS'
  | 'MESSAGE_MISMATCH'
  | 'DOMAIN_MISMATCH'
  | 'URI_MISMATCH'
  | 'STATEMENT_MISMATCH'
  | 'UNSUPPORTED_CHAIN'
  | 'ISSUED_IN_FUTURE'
  | 'MESSAGE_EXPIRED'
  | 'MESSAGE_NOT_YET_VALID'
  | 'NONCE_UNKNOWN'
  | 'NONCE_EXPIRED'
  | 'NONCE_USED'
  | 'INVALID_SIGNATURE'
  | 'SESSIONS_NOT_ACCEPTED'
  | 'UNAUTHENTICATED'
  | 'BAD_ORIGIN'
