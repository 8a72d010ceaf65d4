/** The modal's CSS, scoped by the shadow root; every colour and size is a --lk-* variable. */
export const modalCss = `
:host { all: initial; }
.lk-root {
  --lk-mix: transparent; --lk-mix-strength: 0%;
  --lk-accent: #3b6cf6; --lk-accent-fg: #fff;
  --lk-bg: color-mix(in srgb, var(--lk-mix) var(--lk-mix-strength), #141518);
  --lk-bg-2: color-mix(in srgb, var(--lk-mix) var(--lk-mix-strength), #1f2126);
  --lk-bg-3: color-mix(in srgb, var(--lk-mix) var(--lk-mix-strength), #2a2d34);
  --lk-fg: #f2f3f5; --lk-fg-muted: #a3a8b3; --lk-border: #30333a; --lk-error: #ff6b6b; --lk-success: #36c98e;
  --lk-radius: 16px; --lk-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  --lk-z-index: 2147483000; --lk-focus: #8fb0ff;
  font-family: var(--lk-font-family); color: var(--lk-fg); font-size: var(--lk-font-size, 15px); line-height: 1.4;
}
.lk-root[data-theme='light'] {
  --lk-accent: #2d5be3;
  --lk-bg: color-mix(in srgb, var(--lk-mix) var(--lk-mix-strength), #ffffff);
  --lk-bg-2: color-mix(in srgb, var(--lk-mix) var(--lk-mix-strength), #f2f3f6);
  --lk-bg-3: color-mix(in srgb, var(--lk-mix) var(--lk-mix-strength), #e6e8ee);
  --lk-fg: #16181d;
  --lk-fg-muted: #5c6270; --lk-border: #dcdfe6; --lk-error: #c62828; --lk-success: #137a52; --lk-focus: #2d5be3;
}
* { box-sizing: border-box; }
button { font: inherit; color: inherit; cursor: pointer; }
:focus-visible { outline: 2px solid var(--lk-focus); outline-offset: 2px; }
.lk-overlay {
  position: fixed; inset: 0; z-index: var(--lk-z-index); display: flex; align-items: center;
  justify-content: center; background: rgba(0, 0, 0, 0.55);
}
.lk-dialog {
  width: 360px; max-width: calc(100vw - 24px); max-height: calc(100vh - 48px); overflow: auto;
  background: var(--lk-bg); border: 1px solid var(--lk-border); border-radius: var(--lk-radius);
  box-shadow: 0 16px 48px rgba(0, 0, 0, 0.35); padding: 12px 16px 20px;
}
.lk-overlay[data-inline] { position: static; inset: auto; background: none; display: block; }
.lk-overlay[data-inline] .lk-dialog { max-height: none; box-shadow: none; }
.lk-shake { animation: lk-shake 0.5s; }
@keyframes lk-shake { 20%, 60% { transform: translateX(-6px); } 40%, 80% { transform: translateX(6px); } }
@media (max-width: 430px) {
  .lk-overlay { align-items: flex-end; }
  .lk-dialog { width: 100%; max-width: 100%; border-radius: var(--lk-radius) var(--lk-radius) 0 0; }
  .lk-overlay[data-fullscreen] .lk-dialog { height: 100%; max-height: 100%; border-radius: 0; border: 0; }
}
@media (prefers-reduced-motion: reduce) { .lk-shake { animation: none; } }
.lk-header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; margin-bottom: 12px; }
.lk-header h2 { margin: 0; font-size: 16px; font-weight: 600; text-align: center; }
.lk-icon-btn {
  width: 36px; height: 36px; border-radius: 10px; border: 0; background: transparent; font-size: 18px;
  display: inline-flex; align-items: center; justify-content: center; color: var(--lk-fg-muted);
}
.lk-icon-btn:hover { background: var(--lk-bg-2); color: var(--lk-fg); }
.lk-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.lk-item {
  width: 100%; display: flex; align-items: center; gap: 12px; padding: 10px 12px; border-radius: 12px;
  border: 1px solid transparent; background: var(--lk-bg-2); text-align: left;
}
.lk-item:hover { border-color: var(--lk-border); background: var(--lk-bg-3); }
.lk-item[aria-current='true'] { border-color: var(--lk-accent); }
.lk-item img, .lk-avatar-sm { width: 32px; height: 32px; border-radius: 8px; flex: none; }
.lk-item-name { flex: 1; min-width: 0; font-weight: 500; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.lk-tag { font-size: 12px; padding: 2px 8px; border-radius: 8px; background: var(--lk-bg); color: var(--lk-fg-muted); white-space: nowrap; }
.lk-center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 12px; padding: 8px 0; }
.lk-muted { color: var(--lk-fg-muted); margin: 0; }
.lk-error-text { color: var(--lk-error); margin: 0; font-weight: 500; }
.lk-wallet-logo { width: 72px; height: 72px; border-radius: 18px; }
.lk-spinner {
  width: 88px; height: 88px; border-radius: 24px; border: 3px solid var(--lk-bg-3); border-top-color: var(--lk-accent);
  display: flex; align-items: center; justify-content: center; animation: lk-spin 1s linear infinite;
}
.lk-spinner[data-state='error'] { border-color: var(--lk-error); animation: none; }
.lk-spinner > * { animation: lk-spin 1s linear infinite reverse; }
.lk-spinner[data-state='error'] > * { animation: none; }
@keyframes lk-spin { to { transform: rotate(360deg); } }
.lk-button {
  text-decoration: none; color: inherit;
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 40px;
  padding: 0 16px; border-radius: 12px; border: 1px solid var(--lk-border); background: var(--lk-bg-2); font-weight: 500;
}
.lk-button-primary { background: var(--lk-accent); color: var(--lk-accent-fg); border-color: transparent; }
.lk-button-danger { color: var(--lk-error); }
.lk-wide { width: 100%; }
.lk-avatar {
  width: 64px; height: 64px; border-radius: 50%;
}
.lk-address { font-size: 18px; font-weight: 600; display: flex; align-items: center; gap: 6px; }
.lk-balance { color: var(--lk-fg-muted); margin: 0; min-height: 21px; }
.lk-skeleton { display: inline-block; width: 96px; height: 16px; border-radius: 6px; background: var(--lk-bg-3); }
.lk-stack { display: flex; flex-direction: column; gap: 8px; margin-top: 12px; }
.lk-toast {
  position: fixed; left: 50%; top: 16px; transform: translateX(-50%); z-index: calc(var(--lk-z-index) + 1);
  padding: 8px 16px; border-radius: 12px; background: var(--lk-bg-2); border: 1px solid var(--lk-border);
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.3); font-weight: 500;
}
.lk-toast[data-variant='error'] { color: var(--lk-error); }
.lk-toast[data-variant='success'] { color: var(--lk-success); }
.lk-search {
  width: 100%; height: 40px; margin-bottom: 12px; padding: 0 12px; border-radius: 12px; font: inherit;
  color: var(--lk-fg); background: var(--lk-bg-2); border: 1px solid var(--lk-border);
}
.lk-frame-slot { width: 100%; height: 420px; border-radius: 12px; }
.lk-field { display: flex; flex-direction: column; gap: 4px; text-align: left; }
.lk-field .lk-search { margin-bottom: 0; }
.lk-input-row { display: flex; gap: 8px; align-items: center; }
.lk-summary { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; text-align: left; }
.lk-summary dt { color: var(--lk-fg-2, inherit); opacity: 0.7; }
.lk-summary dd { margin: 0; }
.lk-break { overflow-wrap: anywhere; }
.lk-virtual { margin: 0 -4px; padding: 0 4px; }
.lk-small { font-size: 13px; margin-top: 8px; min-height: 18px; }
a.lk-item { color: inherit; text-decoration: none; }
.lk-plain { border: 0; margin: 0; padding: 0; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
.lk-plain:disabled { opacity: 0.5; }
.lk-contents { display: contents; }
.lk-link { border: 0; background: none; padding: 0; font: inherit; color: var(--lk-accent); text-decoration: underline; }
.lk-muted a, label.lk-item a { color: var(--lk-accent); }
.lk-skeleton-row { height: 54px; background: var(--lk-bg-2); }
.lk-wc-icon { background: radial-gradient(circle at 35% 50%, #fff 0 12%, transparent 13%), radial-gradient(circle at 65% 50%, #fff 0 12%, transparent 13%), #3396ff; }
.lk-mail-icon { background: linear-gradient(155deg, transparent 46%, #fff 47% 53%, transparent 54%), linear-gradient(25deg, transparent 46%, #fff 47% 53%, transparent 54%), var(--lk-accent); }
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
[data-provider='google'] { --lk-social: #4285f4; }
[data-provider='github'] { --lk-social: #24292f; }
[data-provider='apple'], [data-provider='x'] { --lk-social: #000; }
[data-provider='facebook'] { --lk-social: #1877f2; }
[data-provider='discord'] { --lk-social: #5865f2; }
.lk-social-status { font-size: 13px; margin-top: 6px; }
.lk-social-status:empty { margin: 0; }
.lk-grid-icon { background: conic-gradient(var(--lk-accent) 0 25%, var(--lk-bg-3) 0 50%, var(--lk-accent) 0 75%, var(--lk-bg-3) 0); }
.lk-alerts { margin-bottom: 12px; }
.lk-alert {
  margin: 0 0 8px; padding: 8px 12px; border-radius: 12px; font-size: 13px;
  border: 1px solid var(--lk-error); color: var(--lk-fg); background: var(--lk-bg-2);
}
.lk-qr { background: #fff; border-radius: 12px; padding: 8px; }
.lk-qr svg { width: 100%; height: 100%; display: block; }
.lk-qr svg path[stroke] { stroke: var(--lk-qr-color, #000); }
.lk-disconnect { margin-top: 16px; }
.lk-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.lk-features { display: grid; grid-template-columns: repeat(auto-fit, minmax(64px, 1fr)); gap: 8px; }
.lk-section { display: flex; flex-direction: column; gap: 8px; text-align: left; margin-top: 8px; }
.lk-section-title { font-size: 13px; font-weight: 600; color: var(--lk-fg-muted); margin: 0; }
.lk-total { font-size: 24px; font-weight: 600; margin: 0; min-height: 30px; }
.lk-identity { font-size: 16px; font-weight: 600; margin: 0; }
.lk-row {
  display: flex; align-items: center; gap: 12px; padding: 8px 12px; border-radius: 12px;
  background: var(--lk-bg-2);
}
.lk-row-end { display: flex; flex-direction: column; align-items: flex-end; font-size: 14px; }
.lk-token-icon { width: 24px; height: 24px; border-radius: 50%; flex: none; }
.lk-receive-address {
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 18px; word-break: break-all;
  padding: 12px; border-radius: 12px; background: var(--lk-bg-2); margin: 0;
}
`
