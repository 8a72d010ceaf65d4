// Buying crypto (§1 onramp, §9): fallback limits, the provider fee, how the checkout is followed.
/** §9 Fallback onramp limits (fiat amounts): card 10 to 7500; bank account 10 to 25000 */
export const ONRAMP_FALLBACK_LIMITS = {
  card: { min: 10, max: 7500 },
  bankAccount: { min: 10, max: 25_000 },
} as const

/** Ours: how often an open checkout's order is read */
export const ONRAMP_POLL_MS = 1000
/** Ours: how often the balance is read while a configured provider's checkout is open */
export const ONRAMP_BALANCE_POLL_MS = 2000
/** Ours: a quote is asked this long after the visitor stops typing an amount */
export const ONRAMP_QUOTE_DEBOUNCE_MS = 300

/** §9 Onramp provider fee 1-2% */
export const ONRAMP_PROVIDER_FEE_PERCENT = { min: 1, max: 2 } as const
