/** Styles of the buttons placed in the app's page; every selector is scoped to .lk-btn. */
export const buttonCss = `
.lk-btn {
  all: unset; box-sizing: border-box; display: inline-flex; align-items: center; gap: 8px; height: 40px;
  padding: 0 16px; border-radius: 12px; cursor: pointer; white-space: nowrap; font: 500 15px/1 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  background: var(--lk-accent, #3b6cf6); color: var(--lk-accent-fg, #fff);
}
.lk-btn[data-variant='account'], .lk-btn[data-variant='network'] { background: #1f2126; color: #f2f3f5; border: 1px solid #30333a; }
.lk-btn[data-warning] { border-color: #ff6b6b; color: #ff6b6b; }
.lk-btn[data-size='sm'] { height: 32px; padding: 0 12px; font-size: 13px; border-radius: 10px; }
.lk-btn:focus-visible { outline: 2px solid #8fb0ff; outline-offset: 2px; }
.lk-btn:disabled { opacity: 0.5; cursor: not-allowed; }
.lk-btn[aria-busy='true'] { cursor: progress; }
`
