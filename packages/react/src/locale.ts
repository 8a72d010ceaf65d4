// The instance's language. English needs no load and shows at first (and on a server); in a
// browser the app's `locale`, else the visitor's languages, choose a translation, which loads
// as a chunk of its own (README "Languages").
import { DEFAULT_LOCALE, preferredLocales, type TextDirection } from '@latchkey/core/internal'
import { createStore } from 'zustand/vanilla'
import type { Messages } from './messages.ts'

export interface LocaleState {
  /** The locale whose texts show: 'en', or the tag of a translation in locales/catalog.ts */
  locale: string
  dir: TextDirection
  /** The translation; none for English */
  messages?: Messages
}

const ENGLISH: LocaleState = { locale: DEFAULT_LOCALE, dir: 'ltr' }

/** English needs no chunk: only another language loads the catalog (which also matches it). */
const isEnglish = (tag: string | undefined) => tag === undefined || /^en(-|$)/i.test(tag)

export function createLocaleControl(log: (message: string) => void) {
  const store = createStore<LocaleState>(() => ENGLISH)
  let requests = 0
  let loading = Promise.resolve()
  return {
    store,
    /** Shows `locale`, or without one the browser's choice; resolves once its texts show. */
    set(locale?: string): Promise<void> {
      const wanted = locale ? [locale] : preferredLocales()
      const request = ++requests
      const show = (state: LocaleState) => {
        if (request === requests) store.setState(state, true)
      }
      loading = isEnglish(wanted[0])
        ? Promise.resolve(show(ENGLISH))
        : import('./locales/catalog.ts')
            .then((m) => m.loadLocale(wanted, log))
            .then(show, (error: unknown) => {
              // A failed chunk load (offline, page unloading): English stays; the next set retries.
              console.error('[latchkey] the translation failed to load', error)
            })
      return loading
    },
    /** Settles once the latest choice shows (or failed to load). */
    ready: () => loading,
  }
}

export type LocaleControl = ReturnType<typeof createLocaleControl>
