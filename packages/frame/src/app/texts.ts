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

/** The passkey card's words (issue 30): the frame asks before it makes or uses a passkey */
export const PASSKEY_TEXT = {
  addTitle: 'Add a passkey',
  addBody:
    'Sign in next time with this device’s screen lock or a security key, without an email code.',
  addButton: 'Create passkey',
  signInTitle: 'Sign in with a passkey',
  signInBody: 'Use the passkey you added to this wallet.',
  signInButton: 'Use passkey',
  cancel: 'Cancel',
  /** The browser's ceremony was stopped or refused */
  failed: 'The passkey was not used. Try again, or cancel.',
  working: 'Waiting for your passkey…',
} as const

/** The key export card's words (issue 30): the key is shown here, never on the page */
export const EXPORT_TEXT = {
  title: 'Export private key',
  warning:
    'Anyone who has this key controls your wallet and everything in it. Never share it: no app, support team or person needs it. Show it only where no one can see your screen.',
  understand: 'I understand that anyone with this key controls my wallet',
  show: 'Show key',
  cancel: 'Cancel',
  keyLabel: 'Your private key (hidden until you hold Reveal)',
  reveal: 'Hold to reveal',
  copy: 'Copy',
  copied: 'Copied. Store it somewhere safe, then clear your clipboard.',
  copyFailed: 'Could not copy. Hold Reveal and write it down instead.',
  done: 'Done',
  working: 'Checking your sign-in…',
  sendCode: 'Email me a code',
  codeSent: 'Enter the code we sent to your email.',
  codeLabel: 'Code from your email',
  /** A code that is not 6 digits (core's ErrorText.invalidOtp) */
  codeInvalid: 'Enter the code from the email',
  confirmCode: 'Confirm',
} as const
