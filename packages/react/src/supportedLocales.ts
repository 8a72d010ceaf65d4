/**
 * The languages the modal speaks, by BCP 47 tag: English and every translation in
 * locales/catalog.ts (supportedLocales.test.ts keeps the two equal). For an app's own language
 * picker; `localeName` gives each one's name in its own language.
 */
export const SUPPORTED_LOCALES = [
  'en',
  'ar',
  'de',
  'es',
  'fa',
  'fr',
  'he',
  'hi',
  'id',
  'it',
  'ja',
  'ko',
  'pl',
  'pt-BR',
  'ru',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-CN',
  'zh-TW',
] as const

export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number]

/** A language's own name for itself ("Deutsch", "العربية"); the tag where Intl has none. */
export function localeName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag)
    return name ? name.charAt(0).toLocaleUpperCase(tag) + name.slice(1) : tag
  } catch {
    return tag
  }
}
