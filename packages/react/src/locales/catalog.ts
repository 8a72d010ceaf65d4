// The translations: one file per locale holding every text of the modal, its lazily loaded
// views' included, each loaded as a chunk of its own once its locale is chosen (README
// "Languages"). English is messages.ts and the views' *Messages.ts, loaded with their code.
import { DEFAULT_LOCALE, matchLocale, textDirection } from '@latchkey/core/internal'
import type { LocaleState } from '../locale.ts'
import type { Messages } from '../messages.ts'

/** Each translation by its BCP 47 tag; one joins once its file is complete (locales.test.ts). */
export const TRANSLATIONS: Record<string, () => Promise<{ default: Messages }>> = {
  ar: () => import('./ar.ts'),
  de: () => import('./de.ts'),
  es: () => import('./es.ts'),
  fa: () => import('./fa.ts'),
  fr: () => import('./fr.ts'),
  he: () => import('./he.ts'),
  hi: () => import('./hi.ts'),
  id: () => import('./id.ts'),
  it: () => import('./it.ts'),
  ja: () => import('./ja.ts'),
  ko: () => import('./ko.ts'),
  pl: () => import('./pl.ts'),
  'pt-BR': () => import('./pt-BR.ts'),
  ru: () => import('./ru.ts'),
  th: () => import('./th.ts'),
  tr: () => import('./tr.ts'),
  uk: () => import('./uk.ts'),
  vi: () => import('./vi.ts'),
  'zh-CN': () => import('./zh-CN.ts'),
  'zh-TW': () => import('./zh-TW.ts'),
}

/** Every locale the modal speaks. */
export const LOCALES = [DEFAULT_LOCALE, ...Object.keys(TRANSLATIONS)]

/** The translation that best serves `wanted` (most wanted first); English when none does. */
export async function loadLocale(
  wanted: readonly string[],
  log: (message: string) => void,
): Promise<LocaleState> {
  const locale = matchLocale(wanted, LOCALES)
  const load = locale ? TRANSLATIONS[locale] : undefined
  if (!locale) log(`no translation for ${wanted.join(', ')}: English is shown`)
  if (!locale || !load) return { locale: DEFAULT_LOCALE, dir: 'ltr' }
  const { default: messages } = await load()
  return { locale, dir: textDirection(locale), messages }
}
