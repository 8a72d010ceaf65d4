/** The name form: the zone sits after the input, the suggestions wrap as chips. */
export const namesCss = `
.lk-name-row { display: flex; align-items: center; gap: 0; border-radius: 12px; background: var(--lk-bg-2); padding-inline-end: 12px; }
.lk-name-row .lk-search { margin: 0; background: none; flex: 1; min-width: 0; }
.lk-name-zone { color: var(--lk-fg-muted); white-space: nowrap; }
.lk-name-status { min-height: 1.4em; margin: 0; font-size: 13px; text-align: start; }
.lk-name-status[data-status='available'] { color: var(--lk-success, #1f9d55); }
.lk-name-suggestions { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
.lk-name-chip { border: 0; border-radius: 999px; padding: 6px 12px; background: var(--lk-bg-2); color: var(--lk-fg); font: inherit; font-size: 13px; cursor: pointer; }
.lk-name-chip:focus-visible { outline: 2px solid var(--lk-accent); outline-offset: 2px; }
`
