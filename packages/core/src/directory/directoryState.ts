import type { WalletItem } from '../api/api.ts'

// The wallet directory's store shape, apart from its controller (directory.ts, loaded lazily),
// so the instance can create the store in the first load and the UI can subscribe at once.

/** A directory entry as the modal shows it. */
export interface DirectoryWallet extends WalletItem {
  /** `${apiUrl}/getWalletImage/{image_id}?...`; undefined without an image id */
  imageUrl?: string
  /** A connector with the same rdns was discovered in this browser. */
  installed: boolean
  /** That connector's id, when installed. */
  connectorId?: string
}

export interface DirectorySearchState {
  /** The trimmed query the results are (or will be) for; '' when not searching. */
  query: string
  results: DirectoryWallet[]
  loading: boolean
  error?: string
}

export interface DirectoryState {
  /** Total number of wallets the directory has for this app (AllWallets). */
  count: number
  /** §2 featuredWalletIds, in the order given, at most FEATURED_WALLETS_COUNT. */
  featured: DirectoryWallet[]
  /** §2 First certified wallets, without featured, installed and recent ones. */
  recommended: DirectoryWallet[]
  /** §2 Rank prefetch: the first CERTIFIED_PREFETCH_COUNT certified wallets, in rank order. */
  certified: DirectoryWallet[]
  /** Directory entries of the installed connectors (matched by rdns), best ranked first. */
  installed: DirectoryWallet[]
  /** AllWallets: every page loaded so far, in directory order. */
  pages: DirectoryWallet[]
  /** The page fetchNextPage loads (1-based); null once the last page is in. */
  nextPage: number | null
  loadingPage: boolean
  /** Featured or recommended still coming: the Connect view shows skeletons. */
  loadingInitial: boolean
  search: DirectorySearchState
  /** The last load failure's message (also raised as a setup alert). */
  error?: string
}

export function initialDirectoryState(): DirectoryState {
  return {
    count: 0,
    featured: [],
    recommended: [],
    certified: [],
    installed: [],
    pages: [],
    nextPage: 1,
    loadingPage: false,
    loadingInitial: false,
    search: { query: '', results: [], loading: false },
  }
}
