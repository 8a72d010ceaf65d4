// Tests' software authenticator: a real WebAuthn credential (ECDSA P-256, ES256) made with
// node:crypto, and the responses a browser hands the page after navigator.credentials.create()
// ('none' attestation) and .get(), toJSON()'d. CBOR is encoded by @simplewebauthn's isoCBOR
// (tiny-cbor); the byte layouts are WebAuthn L3 §6.1 (authenticator data) and §6.5.1.1
// (attested credential data). Its knobs make the faulty and hostile responses tests need.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_BE = 0x08
const FLAG_BS = 0x10
const FLAG_AT = 0x40

/** What the browser and the authenticator put in a response; each may be made wrong */
export interface CeremonyOptions {
  /** clientData.origin: the page the browser ran the ceremony on */
  origin: string
  /** The RP ID hashed into the authenticator data (default the options' RP ID) */
  rpId?: string
  /** The challenge signed (default the options') */
  challenge?: string
  /** User verified (UV); default true */
  userVerified?: boolean
  /** User present (UP); default true */
  userPresent?: boolean
  /** Inside a cross-origin iframe: clientData.crossOrigin and topOrigin (the embedding page) */
  topOrigin?: string
  /** clientData.type (default webauthn.create / webauthn.get) */
  type?: string
}

export interface SoftAuthenticatorOptions {
  /** The model's AAGUID (16 bytes, hex); default all zeros, as under 'none' attestation */
  aaguid?: string
  /** Keep no signature counter (always 0), as synced passkeys do; default false */
  counterless?: boolean
  /** Backup eligible and backed up (a synced passkey); default false */
  synced?: boolean
}

const sha256 = (data: Uint8Array | string) =>
  new Uint8Array(createHash('sha256').update(data).digest())
const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes))

function clientDataJSON(type: string, challenge: string, options: CeremonyOptions): string {
  const data = {
    type: options.type ?? type,
    challenge: options.challenge ?? challenge,
    origin: options.origin,
    crossOrigin: options.topOrigin !== undefined,
    ...(options.topOrigin !== undefined && { topOrigin: options.topOrigin }),
  }
  return b64url(new TextEncoder().encode(JSON.stringify(data)))
}

/** The COSE_Key of a P-256 public key (RFC 9053: kty EC2, alg ES256, crv P-256, x, y) */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' })
  if (!jwk.x || !jwk.y) throw new Error('not an EC key')
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x)],
      [-3, isoBase64URL.toBuffer(jwk.y)],
    ]),
  )
}

/** A credential on a software authenticator; `clone()` copies it, key, id and counter */
export class SoftAuthenticator {
  readonly credentialId: Uint8Array
  /** The user handle the RP gave at registration (base64url) */
  userHandle: string | undefined
  counter = 0
  private readonly privateKey: KeyObject
  private readonly publicKey: KeyObject

  constructor(
    private readonly options: SoftAuthenticatorOptions = {},
    key?: { credentialId: Uint8Array; privateKey: KeyObject; publicKey: KeyObject },
  ) {
    const pair = key ?? {
      credentialId: new Uint8Array(randomBytes(32)),
      ...generateKeyPairSync('ec', { namedCurve: 'P-256' }),
    }
    this.credentialId = pair.credentialId
    this.privateKey = pair.privateKey
    this.publicKey = pair.publicKey
  }

  /** The credential id, base64url, as the server stores it */
  get id(): string {
    return b64url(this.credentialId)
  }

  /** An authenticator holding the same credential (a cloned security key) with today's counter */
  clone(): SoftAuthenticator {
    const copy = new SoftAuthenticator(this.options, {
      credentialId: this.credentialId,
      privateKey: this.privateKey,
      publicKey: this.publicKey,
    })
    copy.userHandle = this.userHandle
    copy.counter = this.counter
    return copy
  }

  private authenticatorData(rpId: string, options: CeremonyOptions, attested?: Uint8Array) {
    let flags = 0
    if (options.userPresent ?? true) flags |= FLAG_UP
    if (options.userVerified ?? true) flags |= FLAG_UV
    if (this.options.synced) flags |= FLAG_BE | FLAG_BS
    if (attested) flags |= FLAG_AT
    const counter = new Uint8Array(4)
    new DataView(counter.buffer).setUint32(0, this.counter)
    return new Uint8Array(
      Buffer.concat([
        sha256(options.rpId ?? rpId),
        Uint8Array.of(flags),
        counter,
        attested ?? new Uint8Array(),
      ]),
    )
  }

  /** navigator.credentials.create() with the server's options, as RegistrationResponseJSON */
  register(
    creation: { challenge: string; rp: { id?: string }; user: { id: string } },
    options: CeremonyOptions,
  ): RegistrationResponseJSON {
    const rpId = creation.rp.id ?? new URL(options.origin).hostname
    this.userHandle = creation.user.id
    const aaguid = Buffer.from(this.options.aaguid ?? '00'.repeat(16), 'hex')
    const idLength = new Uint8Array(2)
    new DataView(idLength.buffer).setUint16(0, this.credentialId.length)
    const attested = Buffer.concat([aaguid, idLength, this.credentialId, coseKey(this.publicKey)])
    const authData = this.authenticatorData(rpId, options, new Uint8Array(attested))
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    )
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON('webauthn.create', creation.challenge, options),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    }
  }

  /**
   * navigator.credentials.get() with the server's options, as AuthenticationResponseJSON: the
   * counter moves on first (unless counterless), then authData ‖ sha256(clientDataJSON) is signed.
   */
  assert(
    request: { challenge: string; rpId?: string },
    options: CeremonyOptions,
  ): AuthenticationResponseJSON {
    if (!this.options.counterless) this.counter += 1
    const rpId = request.rpId ?? new URL(options.origin).hostname
    const authData = this.authenticatorData(rpId, options)
    const clientData = clientDataJSON('webauthn.get', request.challenge, options)
    const signed = Buffer.concat([authData, sha256(isoBase64URL.toBuffer(clientData))])
    const signature = sign('sha256', signed, { key: this.privateKey, dsaEncoding: 'der' })
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData,
        authenticatorData: b64url(authData),
        signature: b64url(new Uint8Array(signature)),
        ...(this.userHandle !== undefined && { userHandle: this.userHandle }),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    }
  }
}
