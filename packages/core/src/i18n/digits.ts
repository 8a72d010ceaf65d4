// Amounts typed in a language's own digits (Persian ۱٫۵, Arabic ١٫٥, Devanagari १.५): the
// controllers keep Latin digits and '.'/',' only, and the inputs show the language's.

/** The code point of 0 in each decimal digit block a visitor's keyboard may type in. */
const ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0xff10]
/** U+066B ARABIC DECIMAL SEPARATOR, which Persian and Arabic keyboards type */
const ARABIC_DECIMAL = '\u066b'

function latinDigit(char: string): string {
  const code = char.codePointAt(0) ?? 0
  const zero = ZEROS.find((z) => code >= z && code <= z + 9)
  return zero === undefined ? char : String(code - zero)
}

/** The text with every digit of those blocks as 0–9 and the Arabic decimal separator as '.'. */
export function toLatinDigits(text: string): string {
  return text.replace(
    /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59\uff10-\uff19\u066b]/g,
    (char) => (char === ARABIC_DECIMAL ? '.' : latinDigit(char)),
  )
}

/**
 * A typed amount (Latin digits, '.' or ',') as the language writes it: its digits, and '.' as
 * its decimal separator. Character for character, so a partly typed "1." stays "1" and a mark.
 */
export function toLocalDigits(text: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { useGrouping: false })
  const digits = Array.from({ length: 10 }, (_, d) => format.format(d))
  if (digits[1] === '1') return text
  const decimal = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  return text.replace(/[0-9.]/g, (char) =>
    char === '.' ? decimal : (digits[Number(char)] as string),
  )
}
