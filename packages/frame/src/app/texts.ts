// Every word the frame's cards show, in English: the table each translation in i18n/locales
// follows (README "Languages"). The rest of a card is the request's own data (addresses,
// amounts, the message), shown as it is.

/** A text that changes with a number: one form per Intl.PluralRules category, `other` always */
export type Plural = { readonly [K in Intl.LDMLPluralRule]?: string } & { readonly other: string }

export const ENGLISH = {
  /** The approval card's own words */
  approval: {
    approve: 'Approve',
    reject: 'Reject',
    confirm: 'Confirm',
    back: 'Back',
    /** While Approve is off: why, and what turns it on */
    waiting:
      'Approve turns on once this window has been fully in view, unmoved, for half a second.',
    /** The second step of a value transfer where the browser cannot vouch the card is visible */
    confirmStep:
      'This browser cannot confirm that nothing covers this window, so sending value takes a second step. Check the details above, then press Confirm.',
    /** The requester line; {who} is the page's name (its claim) or `thisSite` */
    asks: '{who} asks you to {action}',
    thisSite: 'This site',
    waitingRequests: {
      one: '{count} more request waiting',
      other: '{count} more requests waiting',
    } as Plural,
  },
  /** The passkey card's words (issue 30): the frame asks before it makes or uses a passkey */
  passkey: {
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
  },
  /** The key export card's words (issue 30): the key is shown here, never on the page */
  export: {
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
    /** The sign-in is older than 5 minutes (the server's 409): a code renews it */
    freshFactor:
      'For your safety, showing your key needs a sign-in or a code from the last 5 minutes.',
    sendCode: 'Email me a code',
    codeSent: 'Enter the code we sent to your email.',
    codeLabel: 'Code from your email',
    /** A code that is not 6 digits (core's ErrorText.invalidOtp) */
    codeInvalid: 'Enter the code from the email',
    confirmCode: 'Confirm',
  },
  /**
   * What a request says of itself on the approval card: its title, its action ("… asks you to
   * <action>"), its detail labels and the few values that are words. Keyed by their English, so
   * a request reads as it shows (`label: 'Account'`); {placeholders} are filled when shown.
   */
  card: {
    'Sign message': 'Sign message',
    'Sign typed data': 'Sign typed data',
    'Send transaction': 'Send transaction',
    'Sign transaction': 'Sign transaction',
    'Sign transactions': 'Sign transactions',
    'Send calls': 'Send calls',
    'Send user operation': 'Send user operation',
    'Grant permission': 'Grant permission',
    'sign a message': 'sign a message',
    'sign typed data': 'sign typed data',
    'send a transaction': 'send a transaction',
    'sign a transaction': 'sign a transaction',
    'sign {count} transactions': {
      one: 'sign {count} transaction',
      other: 'sign {count} transactions',
    } as Plural,
    'send {count} calls at once': {
      one: 'send {count} call at once',
      other: 'send {count} calls at once',
    } as Plural,
    'send {count} calls from your smart account': {
      one: 'send {count} call from your smart account',
      other: 'send {count} calls from your smart account',
    } as Plural,
    'act for you within these limits, without asking each time':
      'act for you within these limits, without asking each time',
    Message: 'Message',
    'Message (hex)': 'Message (hex)',
    Account: 'Account',
    Domain: 'Domain',
    Contract: 'Contract',
    Network: 'Network',
    Type: 'Type',
    To: 'To',
    Value: 'Value',
    Data: 'Data',
    From: 'From',
    'Fee payer': 'Fee payer',
    Instructions: 'Instructions',
    Transfer: 'Transfer',
    Signatures: 'Signatures',
    'Lookup tables': 'Lookup tables',
    Size: 'Size',
    Transactions: 'Transactions',
    'Transaction {index}': 'Transaction {index}',
    And: 'And',
    'Call {index} of {count}': 'Call {index} of {count}',
    'All or nothing': 'All or nothing',
    Spend: 'Spend',
    'Send tokens': 'Send tokens',
    Call: 'Call',
    Until: 'Until',
    For: 'For',
    'Without asking': 'Without asking',
    'New contract (deployment)': 'New contract (deployment)',
    'Chain {chainId}': 'Chain {chainId}',
    '{count} required': '{count} required',
    '{count} bytes': { one: '{count} byte', other: '{count} bytes' } as Plural,
    '{count} bytes (function {selector})': {
      one: '{count} byte (function {selector})',
      other: '{count} bytes (function {selector})',
    } as Plural,
    /** A transaction without data */
    none: 'none',
    'and {count} more transfers': {
      one: 'and {count} more transfer',
      other: 'and {count} more transfers',
    } as Plural,
    '{count} more transactions': {
      one: '{count} more transaction',
      other: '{count} more transactions',
    } as Plural,
    '{tables} ({count} accounts not shown)': {
      one: '{tables} ({count} account not shown)',
      other: '{tables} ({count} accounts not shown)',
    } as Plural,
    'Every call runs, or none does': 'Every call runs, or none does',
    'Calls inside these limits are sent without a card':
      'Calls inside these limits are sent without a card',
    'Up to {amount} ETH in all': 'Up to {amount} ETH in all',
    'Up to {amount} base units of {token}': 'Up to {amount} base units of {token}',
    /** A time, in the visitor's locale */
    '{time}': '{time}',
  },
} as const

type English = typeof ENGLISH

/** A translation: every group and key of the English table, plural where English is plural. */
export type FrameTexts = {
  readonly [G in keyof English]: {
    readonly [K in keyof English[G]]: English[G][K] extends string ? string : Plural
  }
}

/** What the approval card says of a request (texts.ts `card`) */
export type CardText = keyof English['card']

/** A card text with its placeholders' values; a Date is shown in the visitor's locale */
export interface Said {
  readonly text: CardText
  readonly params?: Readonly<Record<string, string | number | Date>>
}

/** A card text, bare or with values */
export type Phrase = CardText | Said
