/** The account views: the address, balance, features, and the Receive address. */
export const accountCss = `
.lk-button-danger { color: var(--lk-error); }
.lk-passkey-slot.lk-export-slot { height: 380px; }
.lk-address { font-size: 18px; font-weight: 600; display: flex; align-items: center; gap: 6px; }
.lk-balance { color: var(--lk-fg-muted); margin: 0; min-height: 24px; display: inline-flex; align-items: center; gap: 8px; }
.lk-disconnect { margin-top: 16px; }
.lk-features { display: grid; grid-template-columns: repeat(auto-fit, minmax(64px, 1fr)); gap: 8px; }
.lk-identity { font-size: 16px; font-weight: 600; margin: 0; }
.lk-row {
  display: flex; align-items: center; gap: 12px; padding: 8px 12px; border-radius: 12px;
  background: var(--lk-bg-2);
}
.lk-receive-address {
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 18px; word-break: break-all;
  padding: 12px; border-radius: 12px; background: var(--lk-bg-2); margin: 0;
}
`
