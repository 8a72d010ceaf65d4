import {
  AppKitButton,
  AppKitNetworkButton,
  localeName,
  SUPPORTED_LOCALES,
  useAppKitAccount,
  useAppKitLocale,
  useAppKitNetwork,
  useAppKitState,
  useAppKitTheme,
  useWalletInfo,
} from '@latchkey/react'
import { lazy, Suspense } from 'react'
import { BitcoinActions } from './BitcoinActions'

const WagmiActions = lazy(() => import('./WagmiActions'))

function HookState() {
  const account = useAppKitAccount()
  const network = useAppKitNetwork()
  const state = useAppKitState()
  const theme = useAppKitTheme()
  const { walletInfo } = useWalletInfo()
  const language = useAppKitLocale()
  const rows: [string, string][] = [
    ['address', account.address ?? '—'],
    ['caipAddress', account.caipAddress ?? '—'],
    ['status', account.status],
    ['chain', `${network.caipNetwork.name} (${network.caipNetworkId})`],
    ['modal', `${state.open ? 'open' : 'closed'}${state.loading ? ', loading' : ''}`],
    ['theme', theme.themeMode],
    ['wallet', walletInfo?.name ?? '—'],
    ['locale', `${language.locale} (${language.dir})`],
  ]
  return (
    <section aria-labelledby="state-title">
      <h2 id="state-title">Hook state</h2>
      <dl data-testid="hook-state">
        {rows.map(([key, value]) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt>{key}</dt>
            <dd data-testid={`state-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="row">
        <button
          type="button"
          className="action"
          data-testid="toggle-theme"
          onClick={() => theme.setThemeMode(theme.themeMode === 'dark' ? 'light' : 'dark')}
        >
          Toggle modal theme
        </button>
        <label>
          Modal language{' '}
          <select
            data-testid="modal-language"
            value={language.locale}
            onChange={(event) => void language.setLocale(event.target.value)}
          >
            {SUPPORTED_LOCALES.map((tag) => (
              <option key={tag} value={tag} lang={tag}>
                {localeName(tag)}
              </option>
            ))}
          </select>
        </label>
      </p>
    </section>
  )
}

export function App() {
  return (
    <main>
      <header>
        <h1>Latchkey demo</h1>
        <div className="buttons">
          <AppKitNetworkButton />
          <AppKitButton />
        </div>
      </header>
      <HookState />
      <Suspense fallback={<section>Loading wagmi…</section>}>
        <WagmiActions />
      </Suspense>
      <BitcoinActions />
      <p>
        Signing in with email offline? The codes arrive in the{' '}
        <a href="/mail.html" target="_blank" rel="noopener" data-testid="dev-mailbox-link">
          dev mailbox
        </a>
        .
      </p>
    </main>
  )
}
