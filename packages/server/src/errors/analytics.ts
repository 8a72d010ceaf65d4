// The analytics collector's refusals (README "Analytics"), as `{ error }` like our other routes.
import { ANALYTICS_MAX_EVENTS } from '../constants/analytics.ts'

export const analyticsBodyInvalid = `The body must be a JSON array of 1 to ${ANALYTICS_MAX_EVENTS} analytics events`
export const analyticsEventInvalid = 'The body must be one analytics event'
export const analyticsOriginRefused = 'This origin may not send analytics for the project'
export function analyticsRangeInvalid(maxDays: number): string {
  return `from must be on or before to, at most ${maxDays} days apart`
}
