import { formatNumber, pluralForm } from '@latchkey/core/internal'
import { useEffect, useState } from 'react'
import { VirtualList } from '../../components/VirtualList.tsx'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useLocale, useMessages } from '../../useMessages.ts'
import { fill } from '../parts.tsx'
import { SkeletonRows } from '../SkeletonRows.tsx'
import { connectCss } from './styles.ts'
import { DirectoryWalletRow } from './WalletRow.tsx'

const ROW_HEIGHT = 60
const LIST_HEIGHT = 360

/** §2 AllWallets: pages of 40 with infinite scroll, and a search that waits 300 ms. */
export default function AllWallets() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const { locale } = useLocale()
  const directory = useStore(core.stores.directory)
  const [text, setText] = useState(directory.search.query)
  const searching = text.trim() !== ''
  const items = searching ? directory.search.results : directory.pages
  const count = searching ? directory.search.results.length : directory.count
  const busy = directory.loadingPage || directory.search.loading

  useEffect(() => {
    if (directory.pages.length === 0) void core.directory.fetchNextPage()
  }, [core, directory.pages.length])

  const onSearch = (value: string) => {
    setText(value)
    void core.directory.setSearch(value)
  }

  return (
    <div data-view="AllWallets">
      <style>{connectCss}</style>
      <input
        type="search"
        className="lk-search"
        placeholder={messages.searchWallet}
        aria-label={messages.searchWallet}
        data-testid="wallet-search"
        data-autofocus
        value={text}
        onChange={(e) => onSearch(e.target.value)}
      />
      <p className="lk-visually-hidden" aria-live="polite">
        {fill(pluralForm(messages.walletCount, count, locale), {
          count: (
            <span data-testid="wallet-count">
              {formatNumber(count, locale, { useGrouping: false })}
            </span>
          ),
        })}
      </p>
      {searching && !directory.search.loading && items.length === 0 ? (
        <p className="lk-muted lk-center" data-testid="no-wallet-found">
          {messages.noWalletFound}
        </p>
      ) : items.length === 0 && busy ? (
        <ul className="lk-list" aria-busy="true" data-testid="all-wallets-loading">
          <SkeletonRows count={6} />
        </ul>
      ) : (
        <VirtualList
          items={items}
          rowHeight={ROW_HEIGHT}
          height={LIST_HEIGHT}
          getKey={(wallet) => wallet.id}
          renderRow={(wallet) => <DirectoryWalletRow wallet={wallet} />}
          onEndReached={searching ? undefined : () => void core.directory.fetchNextPage()}
          label={messages.views.AllWallets}
          testId="all-wallets-list"
        />
      )}
      <p className="lk-muted lk-small" aria-busy={busy}>
        {busy ? messages.loading : '\u00a0'}
      </p>
    </div>
  )
}
