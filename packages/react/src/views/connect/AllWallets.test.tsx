import { type DirectoryWallet, initialDirectoryState } from '@latchkey/core/internal'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { en } from '../../messages.ts'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask, rainbow } from '../../testing/wallets.ts'
import AllWallets from './AllWallets.tsx'

afterEach(cleanup)

/** MetaMask as the directory lists it, marked installed: this browser has its extension. */
const metamaskEntry: DirectoryWallet = {
  ...rainbow,
  id: 'metamask',
  name: 'MetaMask',
  rdns: metamask.rdns ?? null,
  badge_type: 'none',
  installed: true,
  connectorId: metamask.id,
}

/** `count` directory wallets named Wallet 0, Wallet 1, … */
const manyWallets = (count: number): DirectoryWallet[] =>
  Array.from({ length: count }, (_, i) => ({ ...rainbow, id: `w${i}`, name: `Wallet ${i}` }))

/**
 * AllWallets over the directory as `directory` leaves it; the directory's page loading is
 * watched (and answers nothing), the search is the instance's own.
 */
function allWallets(directory: Partial<ReturnType<typeof initialDirectoryState>> = {}) {
  const { appKit, engine, show } = withScriptedWallet()
  appKit.core.stores.directory.setState({ ...initialDirectoryState(), ...directory })
  const fetchNextPage = vi
    .spyOn(appKit.core.directory, 'fetchNextPage')
    .mockResolvedValue(undefined)
  show(<AllWallets />)
  return { appKit, engine, fetchNextPage }
}

const listedIds = () =>
  Array.from(screen.getByTestId('all-wallets-list').querySelectorAll('[data-wallet-id]'), (el) =>
    el.getAttribute('data-wallet-id'),
  )
const search = () => screen.getByRole('searchbox', { name: en.searchWallet })
const busy = () => screen.getByText(en.loading)

describe('AllWallets', () => {
  it('lists the loaded wallets and announces the directory’s count, asking for nothing more', () => {
    const { fetchNextPage } = allWallets({ pages: [metamaskEntry, rainbow], count: 537 })
    expect(listedIds()).toEqual(['metamask', 'rainbow'])
    expect(screen.getByTestId('wallet-count').textContent).toBe('537')
    expect(within(screen.getByTestId('wallet-metamask')).getByText(en.installed)).toBeTruthy()
    expect(within(screen.getByTestId('wallet-rainbow')).getByText(en.certified)).toBeTruthy()
    expect(screen.queryByText(en.loading)).toBeNull()
    expect(fetchNextPage).not.toHaveBeenCalled()
  })

  it("says how many wallets in the language's plural form, the number its own element", async () => {
    const { appKit } = allWallets({ pages: [rainbow], count: 1 })
    const said = () => screen.getByTestId('wallet-count').parentElement?.textContent
    expect(said()).toBe('1 wallet')
    act(() => appKit.core.stores.directory.setState({ count: 537 }))
    expect(said()).toBe('537 wallets')
    await act(() => appKit.setLocale('de'))
    expect(said()).toBe('537 Wallets')
    await act(() => appKit.setLocale('ar'))
    expect(said()).toBe('537 محفظة')
    act(() => appKit.core.stores.directory.setState({ count: 5 }))
    expect(said()).toBe('5 محافظ')
    expect(screen.getByTestId('wallet-count').textContent).toBe('5')
  })

  it('opened before any page came, asks for the first and says Loading… until it is in', () => {
    const { appKit, fetchNextPage } = allWallets()
    expect(fetchNextPage).toHaveBeenCalledTimes(1)
    act(() => appKit.core.stores.directory.setState({ loadingPage: true }))
    expect(busy().getAttribute('aria-busy')).toBe('true')
    act(() =>
      appKit.core.stores.directory.setState({ loadingPage: false, pages: [rainbow], count: 1 }),
    )
    expect(screen.queryByText(en.loading)).toBeNull()
    expect(listedIds()).toEqual(['rainbow'])
    expect(fetchNextPage).toHaveBeenCalledTimes(1)
  })

  it('scrolling near the end of the list asks for the next page and shows the rows in view', () => {
    const { fetchNextPage } = allWallets({ pages: manyWallets(30), count: 100, nextPage: 2 })
    expect(listedIds()).toContain('w0')
    expect(listedIds()).not.toContain('w20')
    const list = screen.getByTestId('all-wallets-list')
    fireEvent.scroll(list, { target: { scrollTop: 60 } })
    expect(fetchNextPage).not.toHaveBeenCalled()
    fireEvent.scroll(list, { target: { scrollTop: 1200 } })
    expect(fetchNextPage).toHaveBeenCalledTimes(1)
    expect(listedIds()).toContain('w20')
    expect(listedIds()).not.toContain('w0')
  })

  it('a search shows Loading… and skeleton rows, then the matching wallets and their number, not the pages', async () => {
    const { appKit } = allWallets({ pages: [metamaskEntry, rainbow], count: 537 })
    fireEvent.change(search(), { target: { value: '  rain ' } })
    await waitFor(() =>
      expect(appKit.core.stores.directory.getState().search).toMatchObject({
        query: 'rain',
        loading: true,
      }),
    )
    expect(busy().getAttribute('aria-busy')).toBe('true')
    const skeleton = screen.getByTestId('all-wallets-loading')
    expect(skeleton.getAttribute('aria-busy')).toBe('true')
    expect(skeleton.querySelectorAll('li[aria-hidden="true"].lk-skeleton-row').length).toBe(6)
    expect(screen.queryByTestId('all-wallets-list')).toBeNull()
    act(() =>
      appKit.core.stores.directory.setState({
        search: { query: 'rain', results: [rainbow], loading: false },
      }),
    )
    expect(screen.queryByTestId('all-wallets-loading')).toBeNull()
    expect(listedIds()).toEqual(['rainbow'])
    expect(screen.getByTestId('wallet-count').textContent).toBe('1')
    expect(screen.queryByText(en.loading)).toBeNull()
  })

  it('says No wallet found when the search matches nothing; clearing it lists the pages again', async () => {
    const { appKit } = allWallets({ pages: [metamaskEntry, rainbow], count: 537 })
    fireEvent.change(search(), { target: { value: 'zzz' } })
    await waitFor(() => expect(appKit.core.stores.directory.getState().search.query).toBe('zzz'))
    expect(screen.queryByTestId('no-wallet-found')).toBeNull()
    act(() =>
      appKit.core.stores.directory.setState({
        search: { query: 'zzz', results: [], loading: false },
      }),
    )
    expect(screen.getByTestId('no-wallet-found').textContent).toBe(en.noWalletFound)
    expect(screen.getByTestId('wallet-count').textContent).toBe('0')
    fireEvent.change(search(), { target: { value: '' } })
    await waitFor(() => expect(appKit.core.stores.directory.getState().search.query).toBe(''))
    expect(screen.queryByTestId('no-wallet-found')).toBeNull()
    expect(listedIds()).toEqual(['metamask', 'rainbow'])
    expect(screen.getByTestId('wallet-count').textContent).toBe('537')
  })

  it('while searching, scrolling the results asks for no page', async () => {
    const { appKit, fetchNextPage } = allWallets({ pages: [rainbow], count: 537, nextPage: 2 })
    fireEvent.change(search(), { target: { value: 'wallet' } })
    await waitFor(() => expect(appKit.core.stores.directory.getState().search.query).toBe('wallet'))
    act(() =>
      appKit.core.stores.directory.setState({
        search: { query: 'wallet', results: manyWallets(30), loading: false },
      }),
    )
    fireEvent.scroll(screen.getByTestId('all-wallets-list'), { target: { scrollTop: 1200 } })
    expect(listedIds()).toContain('w20')
    expect(fetchNextPage).not.toHaveBeenCalled()
  })

  it('a wallet installed here connects through its extension; another pairs through WalletConnect', async () => {
    const { appKit, engine } = allWallets({ pages: [metamaskEntry, rainbow], count: 2 })
    fireEvent.click(screen.getByTestId('wallet-rainbow'))
    expect(appKit.core.router.current().view).toBe('ConnectingWalletConnect')
    expect(appKit.core.stores.router.getState().wallet).toMatchObject({ id: 'rainbow' })
    fireEvent.click(screen.getByTestId('wallet-metamask'))
    await waitFor(() => expect(appKit.core.stores.account.getState().status).toBe('connected'))
    expect(engine.connect.mock.calls[0]?.[0]).toBe(metamask.id)
  })
})
