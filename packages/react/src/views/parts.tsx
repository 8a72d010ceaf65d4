/** A wallet's logo, or its initial when it has none. */
export function WalletIcon({
  name,
  src,
  className,
}: {
  name: string
  src?: string
  className?: string
}) {
  if (src) return <img src={src} alt="" className={className} width={32} height={32} />
  return (
    <span
      className={`lk-avatar-sm ${className ?? ''}`}
      aria-hidden="true"
      style={{
        background: 'var(--lk-bg-3)',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 600,
      }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
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
