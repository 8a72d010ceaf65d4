/** The form the swap and buy views share: an amount panel with its token, and a summary. */
export const amountFormCss = `
.lk-swap-panel { display: grid; gap: 8px; padding: 12px; border-radius: 16px; background: var(--lk-bg-2); text-align: start; }
.lk-swap-row { display: flex; align-items: center; justify-content: space-between; gap: 8px; min-height: 20px; }
.lk-swap-amount {
  flex: 1; width: 0; min-width: 0; font: inherit; font-size: 26px; border: 0; border-radius: 8px;
  background: transparent; color: inherit; padding: 0; overflow: hidden; text-overflow: ellipsis; }
.lk-swap-amount:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
.lk-swap-token { flex: none; white-space: nowrap; border-radius: 999px; padding-block: 0; padding-inline: 6px 12px; }
.lk-summary { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; text-align: start; font-size: 14px; }
.lk-summary dt { opacity: 0.7; }
.lk-summary dd { margin: 0; text-align: end; }
.lk-warning { color: var(--lk-error); margin: 0; }
`

/** The swap views: two token panels with the flip between them, and the quote's details. */
export const swapCss = `${amountFormCss}
.lk-swap-meta { font-size: 13px; color: var(--lk-fg-muted); }
.lk-swap-max { border: 0; background: none; color: var(--lk-link); font: inherit; font-weight: 600; padding: 0; padding-inline-start: 6px; cursor: pointer; }
.lk-swap-flip {
  align-self: center; justify-self: center; margin: -18px 0; z-index: 1; border: 4px solid var(--lk-bg);
  background: var(--lk-bg-3); color: var(--lk-fg); border-radius: 12px; }
`
