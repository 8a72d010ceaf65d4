import type { ThemeVariables } from '@latchkey/core/internal'

/** Reown AppKit's theme variable names, accepted so existing themes keep working. */
const W3M_TO_LK: Record<string, string> = {
  '--w3m-accent': '--lk-accent',
  '--w3m-font-family': '--lk-font-family',
  '--w3m-z-index': '--lk-z-index',
  '--w3m-border-radius-master': '--lk-radius',
  '--w3m-color-mix': '--lk-bg',
}

/** Turns themeVariables into CSS custom properties; unknown names and unsafe values are dropped. */
export function themeStyle(variables: ThemeVariables): Record<string, string> {
  const style: Record<string, string> = {}
  for (const [name, raw] of Object.entries(variables ?? {})) {
    const target = W3M_TO_LK[name] ?? (name.startsWith('--lk-') ? name : undefined)
    if (!target || (typeof raw !== 'string' && typeof raw !== 'number')) continue
    const value = String(raw)
    if (/[;{}<>]/.test(value)) continue
    style[target] =
      name === '--w3m-border-radius-master' && /^\d+(\.\d+)?px$/.test(value)
        ? `${Number.parseFloat(value) * 4}px`
        : value
  }
  return style
}
