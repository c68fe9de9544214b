import type { FailedTransactionMetadata } from 'litesvm'

// litesvm exposes these as `const enum` numbers; the RPC reports them by variant name.
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
]
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
]

/** The JSON form of a `TransactionError`, as `err` appears in statuses and transaction meta. */
export type TransactionErrorJson = string | Record<string, unknown>

// The validator's Display texts for the errors a payer most often meets; others fall back to
// the variant name, which is what the JSON `err` carries anyway.
const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  SignatureFailure: 'Transaction did not pass signature verification',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
}
const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  IllegalOwner: 'Provided owner is not allowed',
}

// The error classes are not exported at runtime by litesvm 1.5 (type-only), so they are told
// apart by their fields.
export function transactionErrorJson(failed: FailedTransactionMetadata): TransactionErrorJson {
  const err: unknown = failed.err()
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `TransactionError${err}`
  const e = err as { index?: number; accountIndex?: number; err?: () => unknown; toString(): string }
  if (typeof e.err === 'function' && typeof e.index === 'number') {
    const inner = e.err()
    let innerJson: unknown
    if (typeof inner === 'number') innerJson = INSTRUCTION_ERRORS[inner] ?? `InstructionError${inner}`
    else if (inner && typeof (inner as { code?: unknown }).code === 'number') {
      innerJson = { Custom: (inner as { code: number }).code }
    } else if (inner && typeof (inner as { msg?: unknown }).msg === 'string') {
      innerJson = { BorshIoError: (inner as { msg: string }).msg }
    } else innerJson = String(inner)
    return { InstructionError: [e.index, innerJson] }
  }
  if (typeof e.index === 'number') return { DuplicateInstruction: e.index }
  if (typeof e.accountIndex === 'number') {
    const name = /Restricted/.test(e.toString()) ? 'ProgramExecutionTemporarilyRestricted' : 'InsufficientFundsForRent'
    return { [name]: { account_index: e.accountIndex } }
  }
  return String(err)
}

/** The human text a validator puts after "Transaction simulation failed: ". */
export function transactionErrorText(err: TransactionErrorJson): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_TEXT[err] ?? err
  const ix = err.InstructionError
  if (Array.isArray(ix)) {
    const [index, inner] = ix as [number, unknown]
    let text: string
    if (typeof inner === 'string') text = INSTRUCTION_ERROR_TEXT[inner] ?? inner
    else if (inner && typeof inner === 'object' && 'Custom' in inner) {
      text = `custom program error: 0x${(inner as { Custom: number }).Custom.toString(16)}`
    } else text = JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${text}`
  }
  if ('InsufficientFundsForRent' in err) {
    const { account_index } = err.InsufficientFundsForRent as { account_index: number }
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`
  }
  return JSON.stringify(err)
}
