// The texts the buttons show: the only part of the message table (messages.ts) in an app's
// first load. The modal's views take the whole table with useMessages().
export const BUTTON_MESSAGES = {
  connectWallet: 'Connect Wallet',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  wrongNetwork: 'Wrong network',
}

export type ButtonMessages = typeof BUTTON_MESSAGES

/** The button texts in the chosen language, with the app's own (createAppKit's `messages`) in place. */
export function buttonMessages(
  translation: ButtonMessages | undefined,
  overrides: Partial<ButtonMessages> | undefined,
): ButtonMessages {
  return { ...BUTTON_MESSAGES, ...translation, ...overrides }
}
