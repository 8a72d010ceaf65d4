import type { ThemeVariables } from '@latchkey/core/internal'

/** What each of AppKit's theme variables sets here, by its name without the prefix. */
const APPKIT_TO_LK: Record<string, string> = {
  accent: '--lk-accent',
  'font-family': '--lk-font-family',
  'z-index': '--lk-z-index',
  'border-radius-master': '--lk-radius',
  'color-mix': '--lk-bg',
}

/** Reown AppKit's theme variable names, current (`--apkt-*`) and older (`--w3m-*`). */
const APPKIT_PREFIX = /^--(?:apkt|w3m)-/

function targetOf(name: string): string | undefined {
  if (name.startsWith('--lk-')) return name
  return APPKIT_PREFIX.test(name) ? APPKIT_TO_LK[name.replace(APPKIT_PREFIX, '')] : undefined
}

/** Turns themeVariables into CSS custom properties; unknown names and unsafe values are dropped. */
export function themeStyle(variables: ThemeVariables): Record<string, string> {
  const style: Record<string, string> = {}
  for (const [name, raw] of Object.entries(variables ?? {})) {
    const target = targetOf(name)
    if (!target || (typeof raw !== 'string' && typeof raw !== 'number')) continue
    const value = String(raw)
    if (/[;{}<>]/.test(value)) continue
    style[target] =
      target === '--lk-radius' && name !== '--lk-radius' && /^\d+(\.\d+)?px$/.test(value)
        ? `${Number.parseFloat(value) * 4}px`
        : value
  }
  return style
}
