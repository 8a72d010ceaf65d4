// The onramp's refusals: what the routes and pages answer with, and the §1 region rule.
import { ONRAMP_RESTRICTED_TIMEZONES } from '../constants/onramp.ts'

/** A refusal the routes answer with `status` and `{ error }` */
export class OnrampError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 = 400,
  ) {
    super(message)
  }
}

/** §1: no checkout from mainland China, Hong Kong or Macau */
export function refuseRestrictedRegion(timezone: string | undefined) {
  if (timezone && (ONRAMP_RESTRICTED_TIMEZONES as readonly string[]).includes(timezone)) {
    throw new OnrampError('Buying crypto is not available in your region', 403)
  }
}
