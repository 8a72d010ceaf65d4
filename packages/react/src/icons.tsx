import type { ReactNode } from 'react'

/** Decorative line icons: the buttons around them carry the accessible names. */
function Icon({
  children,
  size = 18,
  className,
}: {
  children: ReactNode
  size?: number
  className?: string
}) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  )
}

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
)

/** Points to where the reader came from: mirrored right to left (.lk-flip) */
export const BackIcon = () => (
  <Icon className="lk-flip">
    <path d="M15 5l-7 7 7 7" />
  </Icon>
)

export const CopyIcon = () => (
  <Icon>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V6a2 2 0 0 1 2-2h9" />
  </Icon>
)

export const SwitchIcon = () => (
  <Icon size={32}>
    <path d="M7 7h11l-3-3M17 17H6l3 3" />
  </Icon>
)

/** An envelope: the email sign-in entry */
export const MailIcon = () => (
  <Icon size={20}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
  </Icon>
)
