// WebAuthn's JSON forms (Level 3) by hand: the server's options JSON into what
// navigator.credentials takes, and the credential back into RegistrationResponseJSON /
// AuthenticationResponseJSON (what PublicKeyCredential.toJSON() gives where it exists).

type Json = Record<string, unknown>

export function fromBase64Url(value: string): ArrayBuffer {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes.buffer
}

export function toBase64Url(buffer: ArrayBuffer | ArrayBufferView): string {
  const bytes =
    buffer instanceof ArrayBuffer
      ? new Uint8Array(buffer)
      : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

const descriptors = (list: unknown) =>
  Array.isArray(list)
    ? list.map((entry: Json) => ({ ...entry, id: fromBase64Url(String(entry.id)) }))
    : undefined

/** PublicKeyCredentialCreationOptionsJSON → PublicKeyCredentialCreationOptions */
export function creationOptions(json: Json): PublicKeyCredentialCreationOptions {
  const user = json.user as Json
  const exclude = descriptors(json.excludeCredentials)
  return {
    ...json,
    challenge: fromBase64Url(String(json.challenge)),
    user: { ...user, id: fromBase64Url(String(user.id)) },
    ...(exclude && { excludeCredentials: exclude }),
  } as unknown as PublicKeyCredentialCreationOptions
}

/** PublicKeyCredentialRequestOptionsJSON → PublicKeyCredentialRequestOptions */
export function requestOptions(json: Json): PublicKeyCredentialRequestOptions {
  const allow = descriptors(json.allowCredentials)
  return {
    ...json,
    challenge: fromBase64Url(String(json.challenge)),
    ...(allow && { allowCredentials: allow }),
  } as unknown as PublicKeyCredentialRequestOptions
}

function common(credential: PublicKeyCredential) {
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: 'public-key' as const,
    ...(credential.authenticatorAttachment && {
      authenticatorAttachment: credential.authenticatorAttachment,
    }),
    clientExtensionResults: credential.getClientExtensionResults() as Json,
  }
}

/** A new credential as RegistrationResponseJSON */
export function registrationJson(credential: PublicKeyCredential) {
  const response = credential.response as AuthenticatorAttestationResponse
  const publicKey = response.getPublicKey?.()
  return {
    ...common(credential),
    response: {
      clientDataJSON: toBase64Url(response.clientDataJSON),
      attestationObject: toBase64Url(response.attestationObject),
      authenticatorData: toBase64Url(response.getAuthenticatorData()),
      transports: response.getTransports?.() ?? [],
      publicKeyAlgorithm: response.getPublicKeyAlgorithm(),
      ...(publicKey && { publicKey: toBase64Url(publicKey) }),
    },
  }
}

/** An assertion as AuthenticationResponseJSON */
export function authenticationJson(credential: PublicKeyCredential) {
  const response = credential.response as AuthenticatorAssertionResponse
  return {
    ...common(credential),
    response: {
      clientDataJSON: toBase64Url(response.clientDataJSON),
      authenticatorData: toBase64Url(response.authenticatorData),
      signature: toBase64Url(response.signature),
      ...(response.userHandle && { userHandle: toBase64Url(response.userHandle) }),
    },
  }
}
