/** The Send preview and result: the summary list, long hashes broken anywhere. */
export const sendCss = `
.lk-summary { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; text-align: start; }
.lk-summary dt { color: var(--lk-fg-2, inherit); opacity: 0.7; }
.lk-summary dd { margin: 0; }
.lk-break { overflow-wrap: anywhere; }
`
