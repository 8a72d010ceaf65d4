/** The Connect flow's views: wallet rows and icons, the social buttons, the legal notice. */
export const connectCss = `
.lk-wallet-logo { width: 72px; height: 72px; border-radius: 18px; }
a.lk-item { color: inherit; text-decoration: none; }
.lk-plain { border: 0; margin: 0; padding: 0; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
.lk-plain:disabled { opacity: 0.5; }
.lk-contents { display: contents; }
.lk-muted a, label.lk-item a { color: var(--lk-link); }
.lk-wc-icon { background: radial-gradient(circle at 35% 50%, #fff 0 12%, transparent 13%), radial-gradient(circle at 65% 50%, #fff 0 12%, transparent 13%), #3396ff; }
.lk-mail-icon { display: inline-flex; align-items: center; justify-content: center; color: #fff; background: var(--lk-accent); }
.lk-socials { margin: 8px 0 12px; }
.lk-social-row { list-style: none; margin: 0; padding: 0; display: flex; gap: 8px; }
.lk-social-row > li { flex: 1; }
.lk-social {
  width: 100%; height: 44px; border-radius: 12px; border: 1px solid transparent; background: var(--lk-bg-2);
  display: flex; align-items: center; justify-content: center; font-weight: 700;
}
.lk-social:hover { border-color: var(--lk-border); background: var(--lk-bg-3); }
.lk-social[aria-busy='true'] { border-color: var(--lk-accent); }
.lk-social:disabled { opacity: 0.6; cursor: default; }
.lk-social-glyph {
  min-width: 24px; height: 24px; padding: 0 4px; border-radius: 6px; display: inline-flex; align-items: center;
  justify-content: center; font-size: 12px; color: #fff; background: var(--lk-social, var(--lk-accent));
}
[data-mark='pending'] { visibility: hidden; }
.lk-social-mark {
  inline-size: 24px; block-size: 24px; display: inline-block; background: var(--lk-social-mark, var(--lk-social));
  mask-size: contain; mask-repeat: no-repeat; mask-position: center;
  -webkit-mask-size: contain; -webkit-mask-repeat: no-repeat; -webkit-mask-position: center;
}
[data-provider='google'] { --lk-social: #4285f4; }
[data-provider='x'], [data-provider='apple'] { --lk-social: #000; }
[data-provider='github'] { --lk-social: #181717; }
[data-provider='farcaster'] { --lk-social: #855dcd; }
[data-provider='discord'] { --lk-social: #5865f2; }
[data-provider='facebook'] { --lk-social: #0866ff; }
[data-provider='telegram'] { --lk-social: #26a5e4; }
[data-theme='dark'] :is([data-provider='x'], [data-provider='apple'], [data-provider='github']) {
  --lk-social-mark: currentColor;
}
.lk-social-status { font-size: 13px; margin-top: 6px; }
.lk-social-status:empty { margin: 0; }
.lk-grid-icon { background: conic-gradient(var(--lk-accent) 0 25%, var(--lk-bg-3) 0 50%, var(--lk-accent) 0 75%, var(--lk-bg-3) 0); }
`
