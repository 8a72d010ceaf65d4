// The texts core writes for the visitor (its error catalogue, toasts, view errors, setup alerts),
// as a group of the message table: `en.core`. A text with a value is its template, the value a
// placeholder (`{seconds}`). coreTexts.ts recognises a text core put into state and answers it
// in the language shown (README "Languages": which texts are here and which stay English).
// ErrorText and SetupAlerts (errors.ts, in the first load anyway) give their English here; the
// send, swap, buy and social-login texts are written out, as importing them would load those
// features' code with the modal: coreTexts.test.ts keeps them equal to core's.
import { ErrorText, SetupAlerts } from '@latchkey/core/internal'

/** A core text with values, as a template: each value its `{placeholder}`. */
export function template<A extends unknown[]>(
  text: (...values: A) => string,
  ...names: string[]
): string {
  return text(...(names.map((name) => `{${name}}`) as A))
}

const alert = (code: keyof typeof SetupAlerts) => SetupAlerts[code].shortMessage as string
const alertLong = (code: keyof typeof SetupAlerts) => SetupAlerts[code].longMessage as string

const table = {
  // Toasts
  errorSigningMessage: ErrorText.errorSigningMessage,
  siwxInitFailed: ErrorText.siwxInitFailed,
  actionNotAllowed: ErrorText.actionNotAllowed,
  failedToFetchTransactions: ErrorText.failedToFetchTransactions,
  emailUpdated: template(ErrorText.emailUpdated, 'email'),
  // Email, social and Farcaster login
  invalidOtp: ErrorText.invalidOtp,
  tryAgainAfter: template(ErrorText.tryAgainAfter, 'seconds'),
  emailLoginDependencyFailed: ErrorText.emailLoginDependencyFailed,
  popupClosed: ErrorText.popupClosed,
  failedToInitiateSocialConnection: ErrorText.failedToInitiateSocialConnection,
  failedToConnectToFarcaster: ErrorText.failedToConnectToFarcaster,
  requestTimedOut: 'Request timed out',
  somethingWentWrong: ErrorText.somethingWentWrong,
  // Connecting and switching
  userRejected: ErrorText.userRejected,
  chainNotApproved: template(ErrorText.chainNotApproved, 'network'),
  modalClosed: ErrorText.modalClosed,
  requestAborted: ErrorText.requestAborted,
  untrustedOrigin: ErrorText.untrustedOrigin,
  anErrorOccurred: ErrorText.anErrorOccurred,
  // Send
  amountAndReceiverRequired: ErrorText.amountAndReceiverRequired,
  tokenRequired: ErrorText.tokenRequired,
  invalidReceiver: ErrorText.invalidReceiver,
  unsupportedChain: ErrorText.unsupportedChain,
  amountInvalid: 'Enter an amount like 1.5',
  amountTooManyDecimals: 'At most {decimals} decimals',
  amountZero: 'Enter an amount above 0',
  amountExceedsBalance: 'Insufficient balance',
  // Swap
  insufficientLiquidity: ErrorText.insufficientLiquidity,
  swapsNetworkNotSupported: ErrorText.swapsNetworkNotSupported,
  gasPriceNetworkNotSupported: ErrorText.gasPriceNetworkNotSupported,
  swapApprovalFailed: 'The approval failed on chain',
  swapFailedOnChain: 'The swap failed on chain',
  walletCannotSwap: 'This wallet cannot send a swap',
  swapDone: 'Swapped {sold} for {bought}',
  // Buy
  onrampNotOffered: 'Buying crypto is not offered on this network',
  onrampAmount: 'Enter an amount between {min} and {max} {currency}',
  onrampCryptoAmount: 'Enter an amount of {symbol} with at most {decimals} decimals',
  onrampPopupBlocked:
    'The checkout window could not open. Allow pop-ups for this site and try again.',
  onrampPopupClosed: 'The checkout window was closed before the payment',
  onrampBought: 'Bought {amount} {symbol}',
  onrampFailed: 'The purchase failed',
  // Names
  invalidChainId: ErrorText.invalidChainId,
  networkNotFound: ErrorText.networkNotFound,
  addressOrAuthConnectorNotFound: ErrorText.addressOrAuthConnectorNotFound,
  errorResolvingName: ErrorText.errorResolvingName,
  errorFetchingNameSuggestions: ErrorText.errorFetchingNameSuggestions,
  errorFetchingNamesForAddress: ErrorText.errorFetchingNamesForAddress,
  errorRegisteringName: template(ErrorText.errorRegisteringName, 'name'),
  // A service's answer that is no answer
  httpStatus: template(ErrorText.httpStatus, 'status'),
  malformedResponse: template(ErrorText.malformedResponse, 'path'),
  requestFailed: template(ErrorText.requestFailed, 'path'),
  // The setup alerts the modal shows (alerts.ts MODAL_ALERT_CODES): short and long message
  APKT002: alert('APKT002'),
  APKT002Long: alertLong('APKT002'),
  APKT003: alert('APKT003'),
  APKT003Long: alertLong('APKT003'),
  APKT004: alert('APKT004'),
  APKT004Long: alertLong('APKT004'),
  APKT005: alert('APKT005'),
  APKT005Long: alertLong('APKT005'),
  APKT006: alert('APKT006'),
  APKT006Long: alertLong('APKT006'),
  APKT010: alert('APKT010'),
  APKT010Long: alertLong('APKT010'),
}

export type CoreMessages = Record<keyof typeof table, string>

/** Core's texts for the visitor, in English: the message table's `core` group. */
export const coreEn: CoreMessages = table
