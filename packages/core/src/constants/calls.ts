// Send-calls (§4): its status codes, how long a record is kept, the capability names.
/** §4 Send-calls status codes */
export const SEND_CALLS_STATUS = {
  pending: 100,
  success: 200,
  failure: 500,
  partialFailure: 600,
} as const

/** §9 Send-calls records kept 86400 s */
export const SEND_CALLS_RECORD_TTL_S = 86_400

/** §9 Capability names */
export const CAPABILITY_NAMES = [
  'atomic',
  'flow-control',
  'paymasterService',
  'sessionKeys',
  'auxiliaryFunds',
] as const
