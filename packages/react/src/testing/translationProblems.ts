// Test support: what is wrong with a translation next to the English table (locales.test.ts).

type Table = { readonly [key: string]: unknown }

const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other'])

const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort().join(' ')

/** A plural text ({ one, other, … }) rather than a group of texts (views, walletFeatures). */
const isPlural = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  'other' in value &&
  Object.keys(value).every((key) => PLURAL_CATEGORIES.has(key))

/** An English text of three words or more, left as it is: most likely not translated. */
const untranslated = (english: string, text: string) =>
  text === english && english.trim().split(/\s+/).length >= 3

/**
 * Each problem as 'path: what': a key missing or extra, a placeholder missing or added, a
 * plural text without exactly the locale's plural categories (Intl.PluralRules), an English
 * text left in place.
 */
export function translationProblems(
  english: Table,
  translation: Table,
  locale: string,
  path = '',
): string[] {
  const problems: string[] = []
  for (const key of Object.keys(translation)) {
    if (!(key in english)) problems.push(`${path}${key}: not in the English table`)
  }
  for (const [key, source] of Object.entries(english)) {
    const where = `${path}${key}`
    const text = translation[key]
    if (text === undefined) {
      problems.push(`${where}: missing`)
    } else if (typeof source === 'string') {
      if (typeof text !== 'string') problems.push(`${where}: not a text`)
      else if (placeholders(text) !== placeholders(source)) {
        problems.push(`${where}: placeholders ${placeholders(text)} ≠ ${placeholders(source)}`)
      } else if (untranslated(source, text)) problems.push(`${where}: still English`)
    } else if (isPlural(source)) {
      problems.push(...pluralProblems(source.other ?? '', text, locale, where))
    } else if (typeof text === 'object' && text !== null) {
      problems.push(...translationProblems(source as Table, text as Table, locale, `${where}.`))
    } else problems.push(`${where}: not a group of texts`)
  }
  return problems
}

function pluralProblems(english: string, forms: unknown, locale: string, where: string) {
  if (!isPlural(forms)) return [`${where}: not a plural text`]
  const wanted = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.sort()
  const given = Object.keys(forms).sort()
  const problems =
    given.join() === wanted.join()
      ? []
      : [`${where}: plural forms ${given.join(' ')} ≠ ${locale}'s ${wanted.join(' ')}`]
  for (const [category, text] of Object.entries(forms)) {
    if (placeholders(text) !== placeholders(english)) {
      problems.push(
        `${where}.${category}: placeholders ${placeholders(text)} ≠ ${placeholders(english)}`,
      )
    }
  }
  return problems
}
