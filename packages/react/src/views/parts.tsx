import {
  formatFiat,
  formatTokenAmount,
  IMAGE_PRELOAD_TIMEOUT_MS,
  type TokenBalance,
} from '@latchkey/core/internal'
import { createElement, Fragment, type ReactNode, useEffect, useRef, useState } from 'react'
import { useLocale } from '../useMessages.ts'

/** A template's `{name}` placeholders replaced by elements (a link, an amount kept left to right). */
export function fill(template: string, parts: Record<string, ReactNode>): ReactNode {
  const pieces = template.split(/(\{\w+\})/).map((piece) => parts[piece.slice(1, -1)] ?? piece)
  // Children as arguments: a fixed sequence, so React wants no keys.
  return createElement(Fragment, null, ...pieces)
}

/**
 * A logo (a wallet's, a network's, a token's), or the name's initial when there is none or it
 * does not load: the directory answers 404 for a wallet no icon package draws. An image still
 * loading after the §9 preload timeout (2 s) shows the initial meanwhile, so a slow image never
 * leaves an empty box, and takes its place once it has loaded.
 */
export function Logo({
  name,
  src,
  className,
}: {
  name: string
  src?: string | undefined
  className?: string
}) {
  const [failed, setFailed] = useState<string>()
  const [slow, setSlow] = useState<string>()
  const image = useRef<HTMLImageElement>(null)
  const trying = Boolean(src) && failed !== src
  useEffect(() => {
    if (!trying || !src) return
    const timer = setTimeout(() => {
      const loaded = image.current?.complete && image.current.naturalWidth > 0
      if (!loaded) setSlow(src)
    }, IMAGE_PRELOAD_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [trying, src])
  const initial = (
    // The initial is drawn by CSS (::before), so it stays out of the row's text.
    <span
      className={`lk-avatar-sm lk-initial ${className ?? ''}`}
      aria-hidden="true"
      data-initial={name.slice(0, 1).toUpperCase()}
    />
  )
  if (!src || !trying) return initial
  const waiting = slow === src
  return (
    <>
      {waiting ? initial : null}
      <img
        ref={image}
        src={src}
        alt=""
        className={className}
        width={32}
        height={32}
        hidden={waiting}
        onLoad={() => setSlow(undefined)}
        onError={() => setFailed(src)}
      />
    </>
  )
}

/** A gradient drawn from the address, so each account has a recognisable avatar. */
export function AddressAvatar({ address }: { address: string }) {
  const hue = Number.parseInt(address.slice(2, 8), 16) % 360 || 0
  const hue2 = (hue + 90) % 360
  return (
    <span
      className="lk-avatar"
      aria-hidden="true"
      style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 55%), hsl(${hue2} 70% 45%))` }}
    />
  )
}

/** A token held: its amount (§5 floored) and fiat value, in the language shown, left to right. */
export function TokenHolding({
  token,
  amountTestId,
}: {
  token: TokenBalance
  amountTestId?: string
}) {
  const { locale } = useLocale()
  return (
    <span className="lk-row-end">
      <span data-testid={amountTestId} dir="ltr">
        {`${formatTokenAmount(token.quantity.numeric, locale)} ${token.symbol}`}
      </span>
      <span className="lk-muted" dir="ltr">
        {formatFiat(token.value, locale)}
      </span>
    </span>
  )
}
