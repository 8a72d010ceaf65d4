// Which of the translations serves a visitor (BCP 47 tags matched through their likely subtags),
// and which way its text runs. No texts here: they are the UI's (packages/react/src/locales).

export type TextDirection = 'ltr' | 'rtl'

/** Scripts written right to left (ISO 15924) that a translation may use. */
const RIGHT_TO_LEFT_SCRIPTS = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg'])

/** The tag with its likely script and region ('zh-HK' → zh-Hant-HK); undefined when invalid. */
function likely(tag: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale(tag).maximize()
  } catch {
    return undefined
  }
}

/**
 * The first of `requested` (most wanted first) that one of `available` serves, as that one's
 * tag: the same language in the same script, the same region preferred. So 'pt' → 'pt-BR',
 * 'zh-HK' → 'zh-TW' (both Traditional Chinese) but never 'zh-CN', 'en-GB' → 'en'. Undefined
 * when none is served.
 */
export function matchLocale(
  requested: readonly string[],
  available: readonly string[],
): string | undefined {
  const offered = available.flatMap((tag) => {
    const locale = likely(tag)
    return locale ? [{ tag, locale }] : []
  })
  for (const tag of requested) {
    const wanted = likely(tag)
    if (!wanted) continue
    const sameScript = offered.filter(
      ({ locale }) => locale.language === wanted.language && locale.script === wanted.script,
    )
    const match = sameScript.find(({ locale }) => locale.region === wanted.region) ?? sameScript[0]
    if (match) return match.tag
  }
  return undefined
}

/** 'rtl' for a language written right to left (ar, he, fa, ur, …), else 'ltr'. */
export function textDirection(locale: string): TextDirection {
  const script = likely(locale)?.script
  return script && RIGHT_TO_LEFT_SCRIPTS.has(script) ? 'rtl' : 'ltr'
}
