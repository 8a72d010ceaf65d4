import type { Metadata } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { Providers } from './providers'

export const metadata: Metadata = {
  title: 'An AppKit Next.js app on Latchkey',
  other: {
    'latchkey-api-url': process.env.NEXT_PUBLIC_LATCHKEY_API_URL ?? '',
    'latchkey-relay-url': process.env.NEXT_PUBLIC_LATCHKEY_RELAY_URL ?? '',
  },
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const cookies = (await headers()).get('cookie')
  return (
    <html lang="en">
      <body>
        <Providers cookies={cookies}>{children}</Providers>
      </body>
    </html>
  )
}
