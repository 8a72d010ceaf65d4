// Apart from format.ts: the account button, in the first load, needs only this one.
import { DEFAULT_LOCALE } from '../constants.ts'

/**
 * A plain decimal string ('1234.5', as formatAmount and floorDecimalString give it) in the
 * locale's digits and decimal separator, ungrouped: '1234,5' in German.
 */
export function formatDecimal(plain: string, locale: string = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 }).format(
    plain as Intl.StringNumericLiteral,
  )
}
