import { expect, it } from 'vitest'
import type { WalletItem } from '../api/api.ts'
import { WALLET_PAGE_SIZE } from '../constants.ts'
import { featuredIdsToRequest, sortByRank } from './walletLists.ts'

const wallet = (id: string): WalletItem => ({
  id,
  name: id,
  image_id: id,
  rdns: null,
  chains: [],
  homepage: null,
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
  app_store: null,
  play_store: null,
  chrome_store: null,
  badge_type: 'none',
})

it('asks for at most a page of featured wallets, in the order given, without repeats', () => {
  const ids = Array.from({ length: WALLET_PAGE_SIZE + 5 }, (_, i) => `w${i}`)
  expect(featuredIdsToRequest([...ids, 'w0'], [])).toEqual(ids.slice(0, WALLET_PAGE_SIZE))
  expect(featuredIdsToRequest(['b', 'a', 'b', 'c'], ['a', 'b'])).toEqual(['b', 'a'])
})

it('puts ranked wallets first in rank order; the others keep the order they came in', () => {
  const ranked = [wallet('r1'), wallet('r2')]
  const list = ['x', 'r2', 'y', 'z', 'r1', 'w', 'v'].map(wallet)
  expect(sortByRank(list, ranked).map((w) => w.id)).toEqual(['r1', 'r2', 'x', 'y', 'z', 'w', 'v'])
})
