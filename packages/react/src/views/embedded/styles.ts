/** ApproveTransaction: the slot the frame's own approval card is shown in. */
export const embeddedCss = `
.lk-frame-slot { width: 100%; height: 420px; border-radius: 12px; }
`
