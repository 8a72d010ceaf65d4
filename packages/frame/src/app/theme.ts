// APP_SYNC_THEME: the host's theme mode (dark by default, §3 Theme) and a few of its variables,
// applied to the approval card. Values are checked before they reach a CSS property; the
// variable names of AppKit (--w3m-*) and ours (--lk-*) are both understood.
import type { AppRequest } from '../protocol/appEvents.ts'

type ThemeRequest = AppRequest<'APP_SYNC_THEME'>

const COLOR = /^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]{1,60}\)|[a-zA-Z]{3,30})$/
const FONT = /^[\w\s,'"-]{1,200}$/
const LENGTH = /^[0-9]{1,3}(\.[0-9]{1,3})?(px|rem|em)$/

/** Known variables → our property and a check of its value. */
const VARIABLES: Record<
  string,
  { property: string; accept(value: string | number): string | null }
> = {
  accent: { property: '--lk-accent', accept: (v) => (COLOR.test(String(v)) ? String(v) : null) },
  'font-family': {
    property: '--lk-font',
    accept: (v) => (typeof v === 'string' && FONT.test(v) ? v : null),
  },
  'border-radius-master': {
    property: '--lk-radius-master',
    accept: (v) =>
      typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 64
        ? `${v}px`
        : LENGTH.test(String(v))
          ? String(v)
          : null,
  },
}

function variableName(key: string): string | undefined {
  const match = /^--(w3m|lk)-(.+)$/.exec(key)
  return match?.[2]
}

/** Sets data-theme and the accepted variables on `root`; returns the names it ignored. */
export function applyTheme(root: HTMLElement, theme: ThemeRequest): string[] {
  if (theme.themeMode) root.dataset.theme = theme.themeMode
  else if (!root.dataset.theme) root.dataset.theme = 'dark'
  const ignored: string[] = []
  for (const [key, value] of Object.entries(theme.themeVariables ?? {})) {
    const name = variableName(key)
    const known = name !== undefined && Object.hasOwn(VARIABLES, name) ? VARIABLES[name] : undefined
    const accepted = known?.accept(value) ?? null
    if (!known || accepted === null) {
      ignored.push(key)
      continue
    }
    root.style.setProperty(known.property, accepted)
  }
  return ignored
}
