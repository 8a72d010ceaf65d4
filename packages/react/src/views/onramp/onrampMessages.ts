import { useMessagesWith } from '../../useMessages.ts'

/** The buy views' texts: loaded with them, not with the first load (README "Buy crypto"). */
export const onrampEn = {
  buyAmount: 'You pay ({currency})',
  selectCurrency: 'Select currency',
  changeCurrency: 'Change currency',
  buyAmountIn: 'You buy ({asset})',
  amountInUnit: 'Enter in {unit}',
  youPay: 'You pay',
  buyAsset: 'You buy',
  payWith: 'Pay with',
  providerFee: 'Provider fee',
  youReceive: 'You receive',
  buyRate: 'Rate',
  buyWith: 'Buy with {provider}',
  hostedPrice: "The price and fee are shown on the provider's page.",
  loadingOptions: 'Loading…',
  buyInWindow: 'Complete the purchase in the window that opened. This view follows it.',
  buyWaiting: 'Waiting for the payment…',
  buySending: 'Payment received; sending {asset}…',
  buyArriving: 'Waiting for {asset} to arrive in your wallet…',
  buyWindowClosed:
    "The provider's window is closed. A purchase you paid shows here when the {asset} arrives.",
  buyStopWaiting: 'Stop waiting',
  boughtTitle: 'Purchase complete',
  bought: 'You bought {amount} {asset}.',
  buyFailed: 'The purchase did not go through',
  buyTryAgain: 'Try again',
  buyDone: 'Done',
}

export type OnrampMessages = typeof onrampEn

/** The English table with the buy texts and the app's own in place; only the buy views use it. */
export function useOnrampMessages() {
  return useMessagesWith(onrampEn)
}
