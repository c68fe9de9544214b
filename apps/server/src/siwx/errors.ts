// The sign-in refusals live in the one error tree (../errors.ts); siwx code imports them from here.
export { SiwxError, type SiwxErrorCode } from '../errors.js'
