import { HttpError, type BaseErrorOptions } from '../errors.js'

/**
 * A sign-in refused by one named check. The code says which check failed, so the client (and
 * a person reading logs) can tell a stale nonce from a bad signature.
 */
export class SiwxError extends HttpError {
  override name = 'SiwxError'
  constructor(statusCode: 400 | 401 | 403, code: SiwxErrorCode, message: string, options: BaseErrorOptions = {}) {
    super(statusCode, code, message, options)
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
