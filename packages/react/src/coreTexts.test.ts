import {
  AmountText,
  ErrorText,
  OnrampText,
  SetupAlerts,
  SOCIAL_TIMED_OUT,
  SwapText,
} from '@latchkey/core/internal'
import { describe, expect, it } from 'vitest'
import { coreEn, template } from './coreMessages.ts'
import { coreText } from './coreTexts.ts'
import { TRANSLATIONS } from './locales/catalog.ts'
import de from './locales/de.ts'
import { type BaseMessages, en } from './messages.ts'

const german = { ...en, ...de } as BaseMessages

describe('the English of the core group', () => {
  it("is core's own, the send, swap, buy and social-login texts too (written out there)", () => {
    expect({
      requestTimedOut: coreEn.requestTimedOut,
      amountInvalid: coreEn.amountInvalid,
      amountTooManyDecimals: coreEn.amountTooManyDecimals,
      amountZero: coreEn.amountZero,
      amountExceedsBalance: coreEn.amountExceedsBalance,
      swapApprovalFailed: coreEn.swapApprovalFailed,
      swapFailedOnChain: coreEn.swapFailedOnChain,
      walletCannotSwap: coreEn.walletCannotSwap,
      swapDone: coreEn.swapDone,
      onrampNotOffered: coreEn.onrampNotOffered,
      onrampAmount: coreEn.onrampAmount,
      onrampCryptoAmount: coreEn.onrampCryptoAmount,
      onrampPopupBlocked: coreEn.onrampPopupBlocked,
      onrampPopupClosed: coreEn.onrampPopupClosed,
      onrampBought: coreEn.onrampBought,
      onrampFailed: coreEn.onrampFailed,
    }).toEqual({
      requestTimedOut: SOCIAL_TIMED_OUT,
      amountInvalid: AmountText.invalid,
      amountTooManyDecimals: template(AmountText.tooManyDecimals, 'decimals'),
      amountZero: AmountText.zero,
      amountExceedsBalance: AmountText.exceedsBalance,
      swapApprovalFailed: SwapText.approvalFailed,
      swapFailedOnChain: SwapText.failedOnChain,
      walletCannotSwap: SwapText.walletCannotSwap,
      swapDone: template(SwapText.swapped, 'sold', 'bought'),
      onrampNotOffered: OnrampText.notOffered,
      onrampAmount: template(OnrampText.amount, 'min', 'max', 'currency'),
      onrampCryptoAmount: template(OnrampText.cryptoAmount, 'symbol', 'decimals'),
      onrampPopupBlocked: OnrampText.popupBlocked,
      onrampPopupClosed: OnrampText.popupClosed,
      onrampBought: template(OnrampText.bought, 'amount', 'symbol'),
      onrampFailed: OnrampText.failed,
    })
  })

  it('holds no two texts alike, so each core text has one key', () => {
    const texts = Object.values(coreEn)
    expect(new Set(texts).size).toBe(texts.length)
  })
})

describe('coreText', () => {
  it('answers a constant text of core in the language shown', () => {
    expect(coreText(ErrorText.userRejected, german)).toBe('Anfrage abgelehnt')
    expect(coreText(ErrorText.failedToFetchTransactions, german)).toBe(
      'Transaktionen konnten nicht geladen werden',
    )
    expect(coreText(SwapText.failedOnChain, german)).toBe(de.core.swapFailedOnChain)
    expect(coreText(SetupAlerts.APKT003.longMessage, german)).toBe(de.core.APKT003Long)
  })

  it('answers a text the table had before by its own key', () => {
    expect(coreText(ErrorText.connectionRejected, german)).toBe(de.connectionRejected)
    expect(coreText(ErrorText.tokenBalanceUnavailable, german)).toBe(de.balanceUnavailable)
    expect(coreText(ErrorText.invalidEmail, german)).toBe(de.invalidEmail)
  })

  it("keeps a template's values: the seconds, an email, two amounts, a path", () => {
    expect(coreText(ErrorText.tryAgainAfter(27), german)).toBe(
      'Bitte versuchen Sie es in 27 Sekunden erneut',
    )
    expect(coreText(ErrorText.emailUpdated('a.b+c@example.com'), german)).toBe(
      'E-Mail-Adresse geändert in a.b+c@example.com',
    )
    expect(coreText(SwapText.swapped('1.5 ETH', '3,000 USDC'), german)).toBe(
      '1.5 ETH gegen 3,000 USDC getauscht',
    )
    expect(coreText(OnrampText.amount(20, 5000, 'EUR'), german)).toBe(
      'Geben Sie einen Betrag zwischen 20 und 5000 EUR ein',
    )
    expect(coreText(ErrorText.requestFailed('/v1/{odd}.json'), german)).toBe(
      'Anfrage an /v1/{odd}.json fehlgeschlagen',
    )
    expect(coreText(AmountText.tooManyDecimals(6), german)).toBe('Höchstens 6 Nachkommastellen')
  })

  it("passes any other text as it is: a wallet's own error, a service's reason", () => {
    for (const text of [
      'MetaMask Tx Signature: User denied transaction signature.',
      'Amount too small',
      'Please try again after soon seconds later',
      'constructor',
      '',
    ]) {
      expect(coreText(text, german)).toBe(text)
    }
    expect(coreText(`${ErrorText.userRejected}.`, german)).toBe(`${ErrorText.userRejected}.`)
  })

  it('is English in English, the app’s own text over a translation', () => {
    expect(coreText(ErrorText.tryAgainAfter(5), en)).toBe(ErrorText.tryAgainAfter(5))
    expect(coreText(SOCIAL_TIMED_OUT, en)).toBe(SOCIAL_TIMED_OUT)
    for (const [key, english] of Object.entries(coreEn)) {
      if (!english.includes('{')) expect(coreText(english, en), key).toBe(english)
    }
    const overridden = { ...german, core: { ...de.core, popupClosed: 'Popup zu' } }
    expect(coreText(ErrorText.popupClosed, overridden)).toBe('Popup zu')
    const partial = { ...german, core: { popupClosed: 'Popup zu' } } as never
    expect(coreText(ErrorText.userRejected, partial)).toBe(ErrorText.userRejected)
    expect(coreText(ErrorText.tryAgainAfter(3), partial)).toBe(ErrorText.tryAgainAfter(3))
  })

  it.each(Object.keys(TRANSLATIONS))('answers in %s, every text of the group', async (locale) => {
    const load = TRANSLATIONS[locale] as () => Promise<{ default: BaseMessages }>
    const translation = { ...en, ...(await load()).default } as BaseMessages
    expect(coreText(ErrorText.tryAgainAfter(30), translation)).toBe(
      translation.core.tryAgainAfter.replace('{seconds}', '30'),
    )
    expect(coreText(ErrorText.tryAgainAfter(30), translation)).toContain('30')
    for (const [key, english] of Object.entries(coreEn) as [keyof BaseMessages['core'], string][]) {
      if (english.includes('{')) continue
      expect(coreText(english, translation), key).toBe(translation.core[key])
      expect(translation.core[key], key).not.toBe(english)
    }
  })
})
