// The onramp sandbox's constants (re-exported by ../constants.ts).
// ---- Onramp (the sandbox provider; README "Buy crypto") ----

/** The ways to pay the sandbox provider takes */
export const ONRAMP_PAYMENT_METHODS = ['card', 'bank'] as const
/** §9 Fallback onramp limits, in the payment currency: card 10 to 7500; bank account 10 to 25000 */
export const ONRAMP_LIMITS = {
  card: { min: 10, max: 7500 },
  bank: { min: 10, max: 25_000 },
} as const
/** §9 Provider fee 1-2 %: ours by method, a card costs the provider more than a transfer */
export const ONRAMP_FEE_PERCENT = { card: 2, bank: 1 } as const
/**
 * Ours: the sandbox's fiat currencies at fixed rates, units per US dollar (prices are kept in USD;
 * a real provider brings its own list and rates). §9's limits count in the currency paid.
 */
export const ONRAMP_FIAT_PER_USD = { USD: 1, EUR: 0.92, GBP: 0.79 } as const
export const ONRAMP_PAYMENT_CURRENCIES = ['USD', 'EUR', 'GBP'] as const
/**
 * §1 Restricted timezones (mainland China, Hong Kong, Macau; the spec does not list them): the
 * IANA zones and their old aliases.
 */
export const ONRAMP_RESTRICTED_TIMEZONES = [
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
] as const
/** Ours: an order not paid this long after its checkout URL was made cannot be paid any more */
export const ONRAMP_ORDER_TTL_MS = 30 * 60_000
/** The sandbox's test payment details (README "Buy crypto"): one card pays, one is declined */
export const ONRAMP_TEST_PAYMENTS = {
  card: '4242424242424242',
  declinedCard: '4000000000000002',
  iban: 'DE89370400440532013000',
} as const
/**
 * Ours: what a configured provider's checkout URL may carry (README "Buy crypto"): the wallet's
 * address, the CAIP-2 network and its chain reference, the asset's symbol, the amount in fiat or
 * in the asset (whichever the visitor typed; the other is empty), the fiat currency, and the
 * project asking.
 */
export const ONRAMP_URL_FIELDS = [
  'address',
  'network',
  'chainId',
  'asset',
  'amount',
  'cryptoAmount',
  'currency',
  'projectId',
] as const
/** The built-in provider's id in options and onrampurl */
export const ONRAMP_SANDBOX_ID = 'sandbox'
/** Ours: how long a SOL payout may take to be confirmed, and how often it is looked at */
export const ONRAMP_SOLANA_CONFIRM_MS = 30_000
export const ONRAMP_SOLANA_POLL_MS = 200
