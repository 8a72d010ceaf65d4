// Plays the Farcaster app in tests: given the sign-in URL a relay handed the app, it builds the
// Sign in with Farcaster message from the URL, signs it with the custody key and authenticates the
// channel on the relay, all through @farcaster/auth-client's wallet client.
import {
  type CreateClientArgs,
  createWalletClient,
  type StatusAPIResponse,
} from '@farcaster/auth-client'
import { type Address, createPublicClient, custom, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'

export interface FarcasterTestClientOptions {
  /** The relay the sign-in URLs come from (startFarcasterRelay's url) */
  relayUrl: string
  /** The relay's key (X-Farcaster-Auth-Relay-Key) */
  authKey: string
  /** The fid's custody key */
  privateKey: Hex
  fid: number
  username?: string
  displayName?: string
  pfpUrl?: string
}

/** What a signIn changes from what an honest Farcaster app would sign */
export interface FarcasterSignInTamper {
  domain?: string
  /** At least 8 letters and digits, as SIWE requires */
  nonce?: string
  /** ISO 8601; may be in the past, for a message that has already expired */
  expirationTime?: string
  /** Another key signs: the message names its address and still claims the fid */
  signWith?: Hex
}

export interface FarcasterSignIn {
  message: string
  signature: Hex
  /** The relay's answer: the channel, completed */
  status: StatusAPIResponse
}

export interface FarcasterTestClient {
  fid: number
  /** The custody address */
  address: Address
  /** Signs in at a relay's sign-in URL, as the user would by opening it in the Farcaster app. */
  signIn(url: string, tamper?: FarcasterSignInTamper): Promise<FarcasterSignIn>
}

function chainUnused(): never {
  throw new Error('the Farcaster test client reads no chain')
}

/** The wallet side never reads the chain, but auth-client's clients all take a connector. */
const noChain: CreateClientArgs['ethereum'] = {
  getFid: async () => chainUnused(),
  isValidAuthAddress: async () => chainUnused(),
  publicClient: createPublicClient({ transport: custom({ request: async () => chainUnused() }) }),
}

function date(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value)
}

export function farcasterTestClient(options: FarcasterTestClientOptions): FarcasterTestClient {
  const { relayUrl, authKey, privateKey, fid, username, displayName, pfpUrl } = options
  const client = createWalletClient({ relay: relayUrl, ethereum: noChain })
  const profile = { username, displayName, pfpUrl }

  async function signIn(url: string, tamper: FarcasterSignInTamper = {}) {
    const parsed = client.parseSignInURI({ uri: url })
    if (parsed.isError) throw new Error(`not a sign-in URL: ${url}`, { cause: parsed.error })
    const params = new URL(url).searchParams
    const param = (name: string) => params.get(name) ?? undefined
    const required = (name: string) => {
      const value = param(name)
      if (value === undefined) throw new Error(`the sign-in URL has no ${name}: ${url}`)
      return value
    }
    const signer = privateKeyToAccount(tamper.signWith ?? privateKey)

    const built = client.buildSignInMessage({
      domain: tamper.domain ?? required('domain'),
      uri: required('siweUri'),
      nonce: tamper.nonce ?? required('nonce'),
      notBefore: date(param('notBefore')),
      expirationTime: date(
        tamper.expirationTime === undefined ? param('expirationTime') : undefined,
      ),
      requestId: param('requestId'),
      address: signer.address,
      fid,
    })
    if (built.isError)
      throw new Error('could not build the sign-in message', { cause: built.error })
    // auth-client refuses to build a message that has already expired, which a test may want.
    const message =
      tamper.expirationTime === undefined
        ? built.message
        : createSiweMessage({ ...built.siweMessage, expirationTime: date(tamper.expirationTime) })
    const signature = await signer.signMessage({ message })

    const result = await client.authenticate({
      channelToken: parsed.channelToken,
      authKey,
      message,
      signature,
      fid,
      authMethod: 'custody',
      ...profile,
    })
    if (result.isError) throw new Error('the relay did not answer', { cause: result.error })
    if (result.response.status !== 201) {
      throw new Error(
        `the relay answered ${result.response.status}: ${JSON.stringify(result.data)}`,
      )
    }
    return { message, signature, status: result.data }
  }

  return { fid, address: privateKeyToAccount(privateKey).address, signIn }
}
