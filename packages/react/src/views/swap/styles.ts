/** The swap views: two token panels with the flip between them, and the quote's details. */
export const swapCss = `
.lk-swap-panel { display: grid; gap: 6px; padding: 12px; border-radius: 16px; background: var(--lk-bg-2); text-align: left; }
.lk-swap-row { display: flex; align-items: center; gap: 8px; }
.lk-swap-amount { flex: 1; min-width: 0; font-size: 24px; border: 0; background: transparent; color: inherit; padding: 0; }
.lk-swap-amount:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
.lk-swap-token { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; }
.lk-swap-flip { justify-self: center; margin: -10px 0; z-index: 1; }
.lk-summary { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; text-align: left; }
.lk-summary dt { opacity: 0.7; }
.lk-summary dd { margin: 0; text-align: end; }
.lk-warning { color: var(--lk-error); margin: 0; }
`
