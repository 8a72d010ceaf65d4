// A Sats Connect provider (`window.btc_providers`) as the engine's WalletLink.
import { base64 } from '@scure/base'
import { caipIdOfName, chainsOfAddress } from './chains.ts'
import {
  BIP322_PROTOCOL,
  METHOD_NOT_FOUND,
  PAYMENT_PURPOSE,
  SATS_CONNECT_NETWORK_NAMES,
  SatsMethod,
} from './constants.ts'
import { BitcoinErrorText, walletNotFoundError } from './errors.ts'
import { type AccountAddress, type LinkEvent, preferPayment, type WalletLink } from './link.ts'
import {
  type SatsAddress,
  type SatsNetwork,
  type SatsProvider,
  satsRequest,
} from './satsProtocol.ts'
import { waitForSatsProvider } from './satsProviders.ts'

const isMethodNotFound = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === METHOD_NOT_FOUND

function paymentAddresses(addresses: unknown): AccountAddress[] {
  if (!Array.isArray(addresses)) return []
  return preferPayment(
    (addresses as Partial<SatsAddress>[])
      .filter((a) => a?.purpose === PAYMENT_PURPOSE && typeof a.address === 'string')
      .map((a) => ({
        address: a.address as string,
        publicKey: typeof a.publicKey === 'string' && a.publicKey ? a.publicKey : undefined,
        purpose: PAYMENT_PURPOSE,
      })),
  )
}

/** The wallet's reported network, else whatever the address's prefix allows. */
function chainsOf(network: SatsNetwork | undefined, address: string): string[] {
  const name = network?.bitcoin?.name
  const chain =
    typeof name === 'string' && Object.hasOwn(SATS_CONNECT_NETWORK_NAMES, name)
      ? SATS_CONNECT_NETWORK_NAMES[name]
      : undefined
  return chain ? [caipIdOfName(chain)] : chainsOfAddress(address)
}

/**
 * Silent: only a wallet that reports an account permission for this site is asked for its
 * accounts (`getAccounts` then answers without a prompt); any other answer is "not connected".
 */
async function silentAccounts(provider: SatsProvider): Promise<unknown> {
  const permissions = await satsRequest<unknown>(provider, SatsMethod.getCurrentPermissions).catch(
    () => [],
  )
  const granted =
    Array.isArray(permissions) &&
    permissions.some((p) => (p as { type?: unknown } | null)?.type === 'account')
  if (!granted) return []
  return satsRequest(provider, SatsMethod.getAccounts, { purposes: [PAYMENT_PURPOSE] })
}

/** `wallet_connect` (Sats Connect 4), else the older `getAccounts` prompt. */
async function promptAccounts(provider: SatsProvider) {
  try {
    return await satsRequest<{ addresses?: unknown; network?: SatsNetwork }>(
      provider,
      SatsMethod.connect,
      { addresses: [PAYMENT_PURPOSE] },
    )
  } catch (error) {
    if (!isMethodNotFound(error)) throw error
    const addresses = await satsRequest(provider, SatsMethod.getAccounts, {
      purposes: [PAYMENT_PURPOSE],
    })
    return { addresses, network: undefined }
  }
}

export async function openSatsLink(
  connectorId: string,
  options: { silent: boolean; waitMs: number },
): Promise<WalletLink | undefined> {
  const found = await waitForSatsProvider(connectorId, options.waitMs)
  if (!found) throw walletNotFoundError(connectorId)
  const { info, provider } = found
  const answer = options.silent
    ? { addresses: await silentAccounts(provider), network: undefined }
    : await promptAccounts(provider)
  const accounts = paymentAddresses(answer.addresses)
  const payment = accounts[0]
  if (!payment) return undefined
  const network =
    answer.network ??
    (await satsRequest<SatsNetwork>(provider, SatsMethod.getNetwork).catch(() => undefined))

  return {
    connectorId,
    walletName: info.name,
    accounts,
    chains: chainsOf(network, payment.address),
    wallet: provider,

    async signMessage(message, address) {
      const result = await satsRequest<{ signature?: unknown }>(provider, SatsMethod.signMessage, {
        address,
        message,
        protocol: BIP322_PROTOCOL,
      })
      if (typeof result?.signature !== 'string') throw new Error(BitcoinErrorText.noSignature)
      return result.signature
    },

    async signPsbt(psbt, signInputs, _network, broadcast) {
      const result = await satsRequest<{ psbt?: unknown; txid?: unknown }>(
        provider,
        SatsMethod.signPsbt,
        { psbt: base64.encode(psbt), signInputs, broadcast },
      )
      if (typeof result?.psbt !== 'string') throw new Error(BitcoinErrorText.noSignedPsbt)
      return {
        psbt: base64.decode(result.psbt),
        ...(typeof result.txid === 'string' && { txid: result.txid }),
      }
    },

    async sendTransfer(to, amount) {
      const result = await satsRequest<{ txid?: unknown }>(provider, SatsMethod.sendTransfer, {
        recipients: [{ address: to, amount: Number(amount) }],
      })
      if (typeof result?.txid !== 'string')
        throw new Error(BitcoinErrorText.unknownResponse('sendTransfer'))
      return result.txid
    },

    async disconnect() {
      await satsRequest(provider, SatsMethod.disconnect).catch((error) => {
        if (!isMethodNotFound(error)) throw error
      })
    },

    watch(onEvent) {
      if (typeof provider.addListener !== 'function') return () => undefined
      // An event without addresses says nothing of the account: the session stays as it is.
      const onAccounts = (event: unknown, network?: SatsNetwork) => {
        const addresses = (event as { addresses?: unknown } | null)?.addresses
        if (!Array.isArray(addresses)) return
        const list = paymentAddresses(addresses)
        const first = list[0]
        const next: LinkEvent = first
          ? { kind: 'accounts', accounts: list, chains: chainsOf(network, first.address) }
          : { kind: 'gone' }
        onEvent(next)
      }
      const offs = [
        provider.addListener({ eventName: 'accountChange', cb: (event) => onAccounts(event) }),
        provider.addListener({
          eventName: 'networkChange',
          cb: (event) => onAccounts(event, event as SatsNetwork),
        }),
        provider.addListener({ eventName: 'disconnect', cb: () => onEvent({ kind: 'gone' }) }),
      ]
      return () => {
        for (const off of offs) if (typeof off === 'function') off()
      }
    },
  }
}
