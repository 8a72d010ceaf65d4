// The language of the frame's cards. English is built in; the host names another in
// APP_SYNC_THEME (`locale`, the tag the modal shows) and its table loads as a chunk of its own
// (catalog.ts). A card takes its words when it shows, so a card open while the language changes
// keeps the old one until it closes.
import { ENGLISH, type FrameTexts, type Phrase, type Plural } from '../texts.ts'
import { TRANSLATIONS, textDirection } from './catalog.ts'

export interface Language {
  /** The tag shown: 'en' or one of catalog.ts */
  locale(): string
  texts(): FrameTexts
  /** A card text in the language shown, its placeholders filled */
  say(phrase: Phrase): string
  /** A plural text for `count`, its placeholders filled */
  count(forms: Plural, count: number, params?: Record<string, string | number>): string
  /** Shows `tag` (English when none or unknown); resolves once its table is in */
  set(tag: string | undefined): Promise<void>
}

/** `template` with its {placeholders} replaced; values are not scanned again */
export const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)

export function createLanguage(
  root?: HTMLElement,
  log: (message: string, detail?: unknown) => void = () => {},
): Language {
  let locale = 'en'
  let texts: FrameTexts = ENGLISH
  let requests = 0

  const shown = (params: Record<string, string | number | Date>) =>
    Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        value instanceof Date
          ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
              value,
            )
          : typeof value === 'number'
            ? new Intl.NumberFormat(locale, { useGrouping: false }).format(value)
            : value,
      ]),
    )

  function pick(forms: Plural, count: number): string {
    return forms[new Intl.PluralRules(locale).select(count)] ?? forms.other
  }

  const language: Language = {
    locale: () => locale,
    texts: () => texts,
    say(phrase) {
      const { text, params = {} } = typeof phrase === 'string' ? { text: phrase } : phrase
      const entry = texts.card[text]
      const count = params.count
      const template =
        typeof entry === 'string' ? entry : pick(entry, typeof count === 'number' ? count : 0)
      return fill(template, shown(params))
    },
    count: (forms, count, params = {}) => fill(pick(forms, count), shown({ ...params, count })),
    async set(tag) {
      const request = ++requests
      const load = tag && Object.hasOwn(TRANSLATIONS, tag) ? TRANSLATIONS[tag] : undefined
      if (tag && tag !== 'en' && !load) log(`no translation for ${tag}: the cards stay English`)
      let next: FrameTexts = ENGLISH
      let nextLocale = 'en'
      if (load) {
        try {
          next = (await load()).default
          nextLocale = tag as string
        } catch (error) {
          // A failed chunk load (offline): English stays; the next sync retries.
          log('the translation failed to load', error)
        }
      }
      if (request !== requests) return
      locale = nextLocale
      texts = next
      if (root) {
        root.lang = locale
        root.dir = textDirection(locale)
      }
    },
  }
  return language
}
