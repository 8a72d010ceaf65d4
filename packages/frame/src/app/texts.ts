// The approval card's words (the rest of its text comes with each request).

export const APPROVAL_TEXT = {
  approve: 'Approve',
  reject: 'Reject',
  confirm: 'Confirm',
  back: 'Back',
  /** While Approve is off: why, and what turns it on */
  waiting: 'Approve turns on once this window has been fully in view, unmoved, for half a second.',
  /** The second step of a value transfer where the browser cannot vouch the card is visible */
  confirmStep:
    'This browser cannot confirm that nothing covers this window, so sending value takes a second step. Check the details above, then press Confirm.',
} as const
