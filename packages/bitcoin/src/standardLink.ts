// A Wallet Standard Bitcoin wallet as the engine's WalletLink.

import { base64, hex } from '@scure/base'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { bitcoinCaipIds, chainsOfAddress, isBitcoinChain, walletStandardChainOf } from './chains.ts'
import { Feature, PAYMENT_PURPOSE } from './constants.ts'
import { BitcoinErrorText, unsupportedError, walletNotFoundError } from './errors.ts'
import type {
  BitcoinConnectFeature,
  BitcoinSignAndSendTransactionFeature,
  BitcoinSignMessageFeature,
  BitcoinSignTransactionFeature,
  DisconnectFeature,
  EventsFeature,
  StandardConnectFeature,
} from './features.ts'
import { type AccountAddress, addressTypeOf, preferPayment, type WalletLink } from './link.ts'
import { waitForStandardWallet } from './standardWallets.ts'

function featureOf<T>(wallet: Wallet, ...names: string[]): T | undefined {
  const features = wallet.features as Record<string, T | undefined>
  return names.map((name) => features[name]).find((feature) => feature !== undefined)
}

/** The wallet's Bitcoin accounts (a multi-chain wallet may hold others too). */
function bitcoinAccounts(accounts: readonly WalletAccount[]): WalletAccount[] {
  return accounts.filter((account) =>
    account.chains.length > 0
      ? account.chains.some(isBitcoinChain)
      : addressTypeOf(account.address) !== undefined,
  )
}

/** The chains the account lists that its address can be on (a wallet may list all it knows). */
function chainsOf(wallet: Wallet, account: WalletAccount): string[] {
  const listed = bitcoinCaipIds(account.chains.length > 0 ? account.chains : wallet.chains)
  const possible = chainsOfAddress(account.address)
  const both = listed.filter((chain) => possible.includes(chain))
  return both.length > 0 ? both : listed.length > 0 ? listed : possible
}

/**
 * The modal only ever asks for payment addresses, so every account the wallet has authorised
 * for this app is one.
 */
const toAddress = (account: WalletAccount): AccountAddress => ({
  address: account.address,
  publicKey:
    account.publicKey.length > 0 ? hex.encode(Uint8Array.from(account.publicKey)) : undefined,
  purpose: PAYMENT_PURPOSE,
})

/** The accounts already authorised (no prompt): `wallet.accounts`, else a silent standard:connect. */
async function authorisedAccounts(wallet: Wallet): Promise<readonly WalletAccount[]> {
  if (bitcoinAccounts(wallet.accounts).length > 0) return wallet.accounts
  const standard = featureOf<StandardConnectFeature>(wallet, Feature.standardConnect)
  if (!standard) return []
  return (await standard.connect({ silent: true })).accounts
}

export async function openStandardLink(
  connectorId: string,
  options: { silent: boolean; waitMs: number },
): Promise<WalletLink | undefined> {
  const wallet = await waitForStandardWallet(connectorId, options.waitMs)
  const connect = wallet && featureOf<BitcoinConnectFeature>(wallet, Feature.connect)
  if (!wallet || !connect) throw walletNotFoundError(connectorId)
  const granted = options.silent
    ? await authorisedAccounts(wallet)
    : (await connect.connect({ purposes: [PAYMENT_PURPOSE] })).accounts
  const accounts = bitcoinAccounts(granted)
  const byAddress = new Map(accounts.map((account) => [account.address, account]))
  const ordered = preferPayment(accounts.map(toAddress))
  const payment = ordered[0] && byAddress.get(ordered[0].address)
  if (!payment) return undefined

  function accountOf(address: string): WalletAccount {
    const account = byAddress.get(address)
    if (!account) throw new Error(BitcoinErrorText.unknownSigner(address))
    return account
  }

  return {
    connectorId,
    walletName: wallet.name,
    accounts: ordered,
    chains: chainsOf(wallet, payment),
    wallet,

    async signMessage(message, address) {
      const feature = featureOf<BitcoinSignMessageFeature>(wallet, Feature.signMessage)
      if (!feature) throw unsupportedError(wallet.name, Feature.signMessage)
      const [output] = await feature.signMessage({
        account: accountOf(address),
        message: new TextEncoder().encode(message),
      })
      if (!output?.signature?.length) throw new Error(BitcoinErrorText.noSignature)
      return base64.encode(output.signature)
    },

    async signPsbt(psbt, signInputs, network, broadcast) {
      const inputsToSign = Object.entries(signInputs).map(([address, signingIndexes]) => ({
        account: accountOf(address),
        signingIndexes: [...signingIndexes],
      }))
      const chain = walletStandardChainOf(network)
      const sign = featureOf<BitcoinSignTransactionFeature>(wallet, Feature.signTransaction)
      if (sign) {
        const [output] = await sign.signTransaction({ psbt, inputsToSign, chain })
        if (!output?.signedPsbt?.length) throw new Error(BitcoinErrorText.noSignedPsbt)
        return { psbt: output.signedPsbt }
      }
      const send = featureOf<BitcoinSignAndSendTransactionFeature>(
        wallet,
        Feature.signAndSendTransaction,
      )
      if (!send || !broadcast) throw unsupportedError(wallet.name, Feature.signTransaction)
      const [output] = await send.signAndSendTransaction({ psbt, inputsToSign, chain })
      if (!output?.txId) throw new Error(BitcoinErrorText.noSignedPsbt)
      return { psbt, txid: output.txId }
    },

    async disconnect() {
      const feature = featureOf<DisconnectFeature>(
        wallet,
        Feature.standardDisconnect,
        Feature.bitcoinDisconnect,
      )
      await feature?.disconnect()
    },

    watch(onEvent) {
      const offs: (() => void)[] = []
      const events = featureOf<EventsFeature>(wallet, Feature.standardEvents, Feature.bitcoinEvents)
      if (events) {
        offs.push(
          events.on('change', ({ accounts: next }) => {
            if (!next) return
            const current = bitcoinAccounts(next)
            byAddress.clear()
            for (const account of current) byAddress.set(account.address, account)
            const list = preferPayment(current.map(toAddress))
            const first = list[0] && byAddress.get(list[0].address)
            if (!first) onEvent({ kind: 'gone' })
            else onEvent({ kind: 'accounts', accounts: list, chains: chainsOf(wallet, first) })
          }),
        )
      }
      offs.push(
        getWallets().on('unregister', (...gone) => {
          if (gone.includes(wallet)) onEvent({ kind: 'gone' })
        }),
      )
      return () => {
        for (const off of offs) off()
      }
    },
  }
}
