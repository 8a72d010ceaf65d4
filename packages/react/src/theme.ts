import type { ThemeVariables } from '@latchkey/core/internal'

/** What each of AppKit's theme variables sets here, by its name without the prefix. */
const APPKIT_TO_LK: Record<string, string> = {
  accent: '--lk-accent',
  'font-family': '--lk-font-family',
  'font-size-master': '--lk-font-size',
  'z-index': '--lk-z-index',
  'border-radius-master': '--lk-radius',
  'color-mix': '--lk-mix',
  'color-mix-strength': '--lk-mix-strength',
  'qr-color': '--lk-qr-color',
}

/**
 * AppKit's master sizes are a unit the modal multiplies (radius x4, text x1.5 of 10px); the
 * mix strength is a percentage given as a number.
 */
function converted(target: string, value: string): string {
  const px = /^\d+(\.\d+)?px$/.test(value) ? Number.parseFloat(value) : undefined
  if (target === '--lk-radius' && px !== undefined) return `${px * 4}px`
  if (target === '--lk-font-size' && px !== undefined) return `${px * 1.5}px`
  if (target === '--lk-mix-strength' && /^\d+(\.\d+)?$/.test(value)) {
    return `${Math.min(Number(value), 100)}%`
  }
  return value
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
    style[target] = name === target ? value : converted(target, value)
  }
  return style
}
