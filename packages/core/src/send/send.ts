import type { StoreApi } from 'zustand/vanilla'
import { isSameAddress, isValidAddress, normalizeAddress } from '../address.ts'
import type { TokenBalance, Transaction } from '../api/api.ts'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { ChainNamespace } from '../caip.ts'
import type { WalletFlowContext } from '../connection/walletFlow.ts'
import { PENDING_TRANSACTIONS_LIMIT, SEND_SUPPORTED_NAMESPACES } from '../constants.ts'
import { ErrorText, toUserMessage } from '../errors.ts'
import { toLatinDigits } from '../i18n/digits.ts'
import { looksLikeName } from '../names/nameRule.ts'
import type { PortfolioState } from '../portfolio/portfolioState.ts'
import { AmountText, formatUnits, maxSendable, parseAmount } from './sendAmount.ts'
import { initialSendState, NATIVE_TOKEN_KEY, type SendState } from './sendState.ts'

/** §5 Gas a plain transfer uses: 21,000 for the coin; an ERC-20 transfer stays under 65,000. */
const EVM_TRANSFER_GAS = { native: 21_000n, token: 65_000n }
/** §5 Solana's fee per signature (lamports); one signature per transfer. */
const SOLANA_SIGNATURE_FEE = 5_000n

export interface SendContext extends WalletFlowContext {
  stores: {
    account: StoreApi<AccountState>
    chain: StoreApi<ChainState>
    portfolio: StoreApi<PortfolioState>
    send: StoreApi<SendState>
  }
  /** The address an account name resolves to (README "Names"); throws 'Error resolving name' */
  resolveName?(name: string): Promise<string>
}

export function tokenKeyOf(token: TokenBalance): string {
  return token.address ?? NATIVE_TOKEN_KEY
}

/** The tokens the visitor can send on the active network (from the portfolio). */
export function sendableTokens(portfolio: PortfolioState, caipNetworkId: string): TokenBalance[] {
  return portfolio.tokens.filter(
    (t) => t.chainId === caipNetworkId && Number(t.quantity.numeric) > 0,
  )
}

function decimalsOf(token: TokenBalance): number {
  return Number(token.quantity.decimals)
}

export function balanceOf(token: TokenBalance): bigint {
  try {
    return parseAmount(token.quantity.numeric, decimalsOf(token))
  } catch {
    return 0n
  }
}

/** §4 A send the activity shows at once, until the history lists it. */
export function pendingSend(sent: {
  hash: string
  from: string
  to: string
  amount: string
  token: TokenBalance
  chain: string
}): Transaction {
  const { token } = sent
  const typed = toLatinDigits(sent.amount).replace(',', '.')
  const amount = Number(typed)
  return {
    id: sent.hash,
    metadata: {
      minedAt: new Date().toISOString(),
      chain: sent.chain,
      hash: sent.hash,
      sentFrom: sent.from,
      sentTo: sent.to,
      status: 'pending',
      operationType: 'send',
    },
    transfers: [
      {
        direction: isSameAddress(sent.chain, sent.from, sent.to) ? 'self' : 'out',
        fungible_info: { name: token.name, symbol: token.symbol, icon: { url: token.iconUrl } },
        quantity: { numeric: typed },
        value: Number.isFinite(amount) ? amount * token.price : 0,
        price: token.price,
      },
    ],
  }
}

/** The send, ready for the wallet; or the first thing that is wrong with the form (§5, §8). */
export function checkSend(
  state: Pick<SendState, 'tokenKey' | 'amount' | 'receiver' | 'fee' | 'resolved'>,
  token: TokenBalance | undefined,
  namespace: ChainNamespace | undefined,
): { error: string } | { amount: bigint; to: string; token: TokenBalance } {
  if (!namespace || !(SEND_SUPPORTED_NAMESPACES as readonly string[]).includes(namespace)) {
    return { error: ErrorText.unsupportedChain }
  }
  if (!state.amount.trim() || !state.receiver.trim()) {
    return { error: ErrorText.amountAndReceiverRequired }
  }
  if (!token) return { error: ErrorText.tokenRequired }
  const receiver = state.receiver.trim()
  // A name stands for the address it resolved to (validate() resolves it).
  const typed = state.resolved?.name === receiver ? state.resolved.address : receiver
  if (!isValidAddress(namespace, typed)) return { error: ErrorText.invalidReceiver }
  const to = normalizeAddress(namespace, typed)
  let amount: bigint
  try {
    amount = parseAmount(state.amount, decimalsOf(token))
  } catch (error) {
    return { error: (error as Error).message }
  }
  if (amount === 0n) return { error: AmountText.zero }
  if (amount > balanceOf(token)) return { error: AmountText.exceedsBalance }
  return { amount, to, token }
}

/** §5 Send: the form's state, fees, Max, and the transfer through the connected wallet. */
export function createSendController(ctx: SendContext) {
  const { account, chain, portfolio, send } = ctx.stores

  const activeToken = () => {
    const { tokenKey } = send.getState()
    const network = chain.getState().activeCaipNetwork.caipNetworkId
    return sendableTokens(portfolio.getState(), network).find((t) => tokenKeyOf(t) === tokenKey)
  }

  async function loadFees() {
    const network = chain.getState().activeCaipNetwork
    const isNative = send.getState().tokenKey === NATIVE_TOKEN_KEY
    try {
      if (network.chainNamespace === 'solana') {
        send.setState({ fee: SOLANA_SIGNATURE_FEE, gasPrice: undefined })
        return
      }
      const engine = await ctx.loadEngine(network.chainNamespace)
      const gasPrice = await engine.getGasPrice?.(network)
      if (!gasPrice) return
      const gas = isNative ? EVM_TRANSFER_GAS.native : EVM_TRANSFER_GAS.token
      send.setState({ gasPrice, fee: gasPrice.fast * gas })
    } catch (error) {
      ctx.log('gas price failed', error)
    }
  }

  function selectToken(tokenKey: string) {
    send.setState({ tokenKey, error: undefined, status: 'editing' })
    void loadFees()
  }

  return {
    selectToken,
    /**
     * A form without a (sendable) token gets the network's coin, else the first token with a
     * balance; the visitor's own choice stays (README "Send").
     */
    preselectToken() {
      if (activeToken()) return
      const network = chain.getState().activeCaipNetwork.caipNetworkId
      const tokens = sendableTokens(portfolio.getState(), network)
      const pick = tokens.find((t) => !t.address) ?? tokens[0]
      if (pick) selectToken(tokenKeyOf(pick))
    },
    /** §5 Max: the balance, less the network fee for the native coin. */
    setMax() {
      const token = activeToken()
      if (!token) return
      const { fee = 0n, tokenKey } = send.getState()
      const max = maxSendable(balanceOf(token), fee, tokenKey === NATIVE_TOKEN_KEY)
      send.setState({ amount: formatUnits(max, decimalsOf(token)), error: undefined })
    },
    loadFees,
    /** Checks the form, resolving a receiver given as a name; the preview opens only when it passes. */
    async validate(): Promise<boolean> {
      const receiver = send.getState().receiver.trim()
      const { namespace } = account.getState()
      if (
        ctx.resolveName &&
        namespace === 'eip155' &&
        send.getState().resolved?.name !== receiver &&
        looksLikeName(receiver)
      ) {
        try {
          const address = await ctx.resolveName(receiver)
          send.setState({ resolved: { name: receiver, address } })
        } catch (error) {
          send.setState({ error: (error as Error).message, resolved: undefined })
          return false
        }
      }
      const result = checkSend(send.getState(), activeToken(), account.getState().namespace)
      if ('error' in result) send.setState({ error: result.error })
      return !('error' in result)
    },
    async send(): Promise<boolean> {
      const state = send.getState()
      const result = checkSend(state, activeToken(), account.getState().namespace)
      if ('error' in result) {
        send.setState({ error: result.error })
        return false
      }
      const network = chain.getState().activeCaipNetwork
      send.setState({ status: 'sending', error: undefined })
      ctx.track('SEND_INITIATED', { network: network.caipNetworkId })
      try {
        const engine = await ctx.loadEngine(network.chainNamespace)
        const { token } = result
        const hash = await engine.sendTransfer({
          network,
          to: result.to,
          amount: result.amount,
          token: token.address
            ? { address: token.address.split(':').slice(2).join(':'), decimals: decimalsOf(token) }
            : undefined,
        })
        // §4 Send: token, amount and receiver reset after success.
        send.setState({ ...initialSendState(), status: 'sent', hash }, true)
        const sent = pendingSend({
          hash,
          from: account.getState().address ?? '',
          to: result.to,
          amount: state.amount.trim(),
          token,
          chain: network.caipNetworkId,
        })
        // §9 At most 99 pending sends are kept: the oldest goes first.
        portfolio.setState((s) => ({
          pending: [sent, ...s.pending].slice(0, PENDING_TRANSACTIONS_LIMIT),
          transactions: [sent, ...s.transactions],
        }))
        ctx.track('SEND_SUCCESS', { network: network.caipNetworkId })
        void ctx.refreshPortfolio().catch(() => undefined)
        return true
      } catch (error) {
        const message = toUserMessage(error)
        ctx.log('send failed', error)
        send.setState({ status: 'editing', error: message })
        ctx.toast.showError(message)
        ctx.track('SEND_ERROR', { message })
        return false
      }
    },
    reset() {
      send.setState(initialSendState(), true)
    },
  }
}

export type SendController = ReturnType<typeof createSendController>
