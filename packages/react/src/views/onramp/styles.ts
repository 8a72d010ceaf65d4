import { amountFormCss } from '../swap/styles.ts'

/** The buy views: the swap form's panel and summary, the payment methods, the outcome. */
export const onrampCss = `${amountFormCss}
.lk-onramp-methods { border: 0; margin: 0; padding: 0; gap: 6px; text-align: start; }
.lk-onramp-method { display: flex; align-items: center; gap: 10px; padding: 10px 12px; border-radius: 12px; background: var(--lk-bg-2); cursor: pointer; }
.lk-onramp-method .lk-muted { margin-inline-start: auto; }
.lk-onramp-method input:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
.lk-onramp-amount-head { display: flex; align-items: baseline; gap: 8px; white-space: nowrap; min-width: 0; }
.lk-onramp-amount-head label { margin-inline-end: auto; }
.lk-onramp-unit { border: 0; background: none; padding: 0; font: inherit; font-size: 12px; color: var(--lk-link); text-decoration: underline; cursor: pointer; }
.lk-onramp-unit:disabled { color: var(--lk-fg-muted); cursor: default; }
.lk-onramp-title { margin: 0; font-size: 20px; }
`
