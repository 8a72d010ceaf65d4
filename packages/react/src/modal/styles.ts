/**
 * The modal's CSS, scoped by the shadow root; every colour and size is a --lk-* variable. What
 * only one flow's views use is that flow's slice (views/<flow>/styles.ts), in the views' chunks.
 */
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
  --lk-z-index: 2147483000; --lk-focus: #8fb0ff; --lk-link: #8fb0ff;
  font-family: var(--lk-font-family); color: var(--lk-fg); font-size: var(--lk-font-size, 15px); line-height: 1.4;
}
.lk-root[data-theme='light'] {
  --lk-accent: #2d5be3;
  --lk-bg: color-mix(in srgb, var(--lk-mix) var(--lk-mix-strength), #ffffff);
  --lk-bg-2: color-mix(in srgb, var(--lk-mix) var(--lk-mix-strength), #f2f3f6);
  --lk-bg-3: color-mix(in srgb, var(--lk-mix) var(--lk-mix-strength), #e6e8ee);
  --lk-fg: #16181d;
  --lk-fg-muted: #5c6270; --lk-border: #dcdfe6; --lk-error: #c62828; --lk-success: #137a52; --lk-focus: #2d5be3; --lk-link: #2d5be3;
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
.lk-overlay:not([data-inline]) { animation: lk-fade 0.18s ease-out; }
.lk-overlay:not([data-inline]) .lk-dialog { animation: lk-rise 0.22s cubic-bezier(0.2, 0.8, 0.2, 1); }
.lk-overlay:not([data-inline]) .lk-dialog.lk-shake { animation: lk-rise 0.22s cubic-bezier(0.2, 0.8, 0.2, 1), lk-shake 0.5s; }
.lk-shake { animation: lk-shake 0.5s; }
.lk-leaving { pointer-events: none; animation: lk-fade 0.16s ease-in reverse forwards; }
.lk-overlay.lk-leaving .lk-dialog { animation: lk-rise 0.16s ease-in reverse forwards; }
@keyframes lk-fade { from { opacity: 0; } }
@keyframes lk-rise { from { opacity: 0; transform: translateY(12px) scale(0.98); } }
@keyframes lk-shake { 20%, 60% { translate: -6px; } 40%, 80% { translate: 6px; } }
.lk-morph[data-moving] { overflow: clip; overflow-clip-margin: 8px; transition: height 0.22s cubic-bezier(0.2, 0.8, 0.2, 1); }
.lk-morph > div { display: flow-root; }
@media (max-width: 430px) {
  .lk-overlay { align-items: flex-end; }
  .lk-dialog { width: 100%; max-width: 100%; border-radius: var(--lk-radius) var(--lk-radius) 0 0; }
  .lk-overlay[data-fullscreen] .lk-dialog { height: 100%; max-height: 100%; border-radius: 0; border: 0; }
  @keyframes lk-rise { from { transform: translateY(100%); } }
}
@media (prefers-reduced-motion: reduce) {
  .lk-overlay:not([data-inline]), .lk-overlay:not([data-inline]) .lk-dialog, .lk-overlay:not([data-inline]) .lk-dialog.lk-shake,
  .lk-shake, .lk-leaving, .lk-overlay.lk-leaving .lk-dialog, .lk-skeleton, .lk-skeleton-row { animation: none; }
  .lk-morph[data-moving] { transition: none; }
}
.lk-header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; margin-bottom: 12px; }
.lk-header h2 { margin: 0; font-size: 16px; font-weight: 600; text-align: center; }
[dir='rtl'] .lk-flip { transform: scaleX(-1); }
.lk-icon-btn {
  width: 36px; height: 36px; border-radius: 10px; border: 0; background: transparent; font-size: 18px;
  display: inline-flex; align-items: center; justify-content: center; color: var(--lk-fg-muted);
}
.lk-icon-btn:hover { background: var(--lk-bg-2); color: var(--lk-fg); }
.lk-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.lk-item {
  width: 100%; display: flex; align-items: center; gap: 12px; padding: 10px 12px; border-radius: 12px;
  border: 1px solid transparent; background: var(--lk-bg-2); text-align: start;
}
.lk-item:hover { border-color: var(--lk-border); background: var(--lk-bg-3); }
.lk-item[aria-current='true'] { border-color: var(--lk-accent); }
.lk-item img, .lk-avatar-sm { width: 32px; height: 32px; border-radius: 8px; flex: none; }
.lk-initial { background: var(--lk-bg-3); display: inline-flex; align-items: center; justify-content: center; font-weight: 600; }
.lk-initial::before { content: attr(data-initial); }
.lk-token-icon.lk-initial { font-size: 12px; }
.lk-item-name { flex: 1; min-width: 0; font-weight: 500; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.lk-tag { font-size: 12px; padding: 2px 8px; border-radius: 8px; background: var(--lk-bg); color: var(--lk-fg-muted); white-space: nowrap; }
.lk-center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 12px; padding: 8px 0; }
.lk-muted { color: var(--lk-fg-muted); margin: 0; }
.lk-link { border: 0; background: none; padding: 0; font: inherit; color: var(--lk-link); text-decoration: underline; }
/* Room the frame's own card (a passkey's) is laid over */
.lk-passkey-slot { width: 100%; height: 260px; border-radius: 12px; }
.lk-error-text { color: var(--lk-error); margin: 0; font-weight: 500; }
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
.lk-button:disabled { opacity: 0.5; cursor: not-allowed; }
.lk-wide { width: 100%; }
.lk-avatar {
  width: 64px; height: 64px; border-radius: 50%;
}
.lk-skeleton { display: inline-block; width: 96px; height: 16px; border-radius: 6px; background: var(--lk-bg-3); animation: lk-pulse 1.2s ease-in-out infinite alternate; }
.lk-skeleton-row { height: 54px; background: var(--lk-bg-2); animation: lk-pulse 1.2s ease-in-out infinite alternate; }
.lk-skeleton-row .lk-skeleton { animation: none; width: 45%; }
.lk-skeleton-row .lk-avatar-sm { width: 32px; height: 32px; border-radius: 8px; }
@keyframes lk-pulse { to { opacity: 0.55; } }
.lk-stack { display: flex; flex-direction: column; gap: 8px; margin-top: 12px; }
.lk-toast {
  position: fixed; inset-inline: 0; margin-inline: auto; width: fit-content; max-width: calc(100vw - 24px);
  top: 16px; z-index: calc(var(--lk-z-index) + 1);
  padding: 8px 16px; border-radius: 12px; background: var(--lk-bg-2); border: 1px solid var(--lk-border);
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.3); font-weight: 500;
}
.lk-toast[data-variant='error'] { color: var(--lk-error); }
.lk-toast[data-variant='success'] { color: var(--lk-success); }
.lk-search {
  width: 100%; height: 40px; margin-bottom: 12px; padding: 0 12px; border-radius: 12px; font: inherit;
  color: var(--lk-fg); background: var(--lk-bg-2); border: 1px solid var(--lk-border);
}
.lk-field { display: flex; flex-direction: column; gap: 4px; text-align: start; }
.lk-field .lk-search { margin-bottom: 0; }
.lk-input-row { display: flex; gap: 8px; align-items: center; }
.lk-virtual { margin: 0 -4px; padding: 0 4px; }
.lk-small { font-size: 13px; margin-top: 8px; min-height: 18px; }
.lk-alerts { margin-bottom: 12px; }
.lk-alert {
  margin: 0 0 8px; padding: 8px 12px; border-radius: 12px; font-size: 13px;
  border: 1px solid var(--lk-error); color: var(--lk-fg); background: var(--lk-bg-2);
}
.lk-qr { background: #fff; border-radius: 12px; padding: 8px; }
.lk-qr svg { width: 100%; height: 100%; display: block; }
.lk-qr svg path[stroke] { stroke: var(--lk-qr-color, #000); }
.lk-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.lk-section { display: flex; flex-direction: column; gap: 8px; text-align: start; margin-top: 8px; }
.lk-section-title { font-size: 13px; font-weight: 600; color: var(--lk-fg-muted); margin: 0; }
.lk-total { font-size: 24px; font-weight: 600; margin: 0; min-height: 30px; }
.lk-row-end { display: flex; flex-direction: column; align-items: flex-end; font-size: 14px; }
.lk-token-icon { width: 24px; height: 24px; border-radius: 50%; flex: none; }
/* Last, so that it wins over the rules above that start these animations. */
@media (prefers-reduced-motion: reduce) { .lk-spinner, .lk-spinner > *, .lk-skeleton, .lk-skeleton-row { animation: none; } }
`
