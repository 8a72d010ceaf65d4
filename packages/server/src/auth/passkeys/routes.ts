// Passkeys' routes as the OpenAPI document describes them (issue 30; README "Passkeys (server)").
// Adding one needs the session; signing in with one needs none (discoverable credentials: the
// authenticator says whose it is) and makes the same session an email login makes.
import { createRoute, z } from '@hono/zod-openapi'
import {
  AUTH_PASSKEY_MAX_FIELD_LENGTH,
  AUTH_PASSKEY_MAX_ID_LENGTH,
  AUTH_PASSKEY_MAX_NAME_LENGTH,
} from '../../constants/passkeys.ts'
import { hasControlCharacters } from '../../text.ts'
import {
  body,
  CommonQuery,
  error,
  guarded,
  json,
  session,
  sessionResponses,
  UserSchema,
} from '../schemas.ts'

const base64url = (max: number) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be base64url' })

const CredentialId = base64url(AUTH_PASSKEY_MAX_ID_LENGTH)
const Field = base64url(AUTH_PASSKEY_MAX_FIELD_LENGTH)
const Common = {
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
}

/** navigator.credentials.create()'s credential, toJSON()'d (WebAuthn L3 RegistrationResponseJSON) */
export const RegistrationResponse = z
  .object({
    ...Common,
    response: z.object({
      clientDataJSON: Field,
      attestationObject: Field,
      authenticatorData: Field.optional(),
      transports: z.array(z.string().max(32)).max(16).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: Field.optional(),
    }),
  })
  .openapi('PasskeyRegistrationResponse')

/** navigator.credentials.get()'s credential, toJSON()'d (WebAuthn L3 AuthenticationResponseJSON) */
export const AuthenticationResponse = z
  .object({
    ...Common,
    response: z.object({
      clientDataJSON: Field,
      authenticatorData: Field,
      signature: Field,
      userHandle: z.string().max(AUTH_PASSKEY_MAX_FIELD_LENGTH).optional(),
    }),
  })
  .openapi('PasskeyAuthenticationResponse')

const PasskeyName = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(AUTH_PASSKEY_MAX_NAME_LENGTH, {
    error: `must be at most ${AUTH_PASSKEY_MAX_NAME_LENGTH} characters`,
  })
  .refine((value) => !hasControlCharacters(value), {
    error: 'must not contain control characters',
  })

export const PasskeySchema = z
  .object({
    id: z.string().openapi({ description: 'The credential id, base64url' }),
    name: z
      .string()
      .nullable()
      .openapi({ description: 'The label given; null: name it by aaguid' }),
    aaguid: z.string().openapi({ description: "The authenticator model's AAGUID" }),
    transports: z.array(z.string()),
    backedUp: z.boolean().openapi({ description: 'Synced to other devices' }),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .openapi('Passkey')

const Options = (description: string) =>
  json(
    z.object({
      options: z.looseObject({ challenge: z.string() }).openapi({ description }),
      expiresAt: z.string().openapi({ description: 'When the challenge expires (5 minutes)' }),
    }),
    'The options for the browser',
  )

const verifyRefusals = {
  401: error('The passkey did not verify (origin, RP ID, user verification, signature, counter)'),
  410: error('The challenge is unknown, used or expired'),
}

export const postPasskeyRegistrationOptionsRoute = createRoute({
  method: 'post',
  path: '/auth/v1/passkeys/registration/options',
  summary: "Options for navigator.credentials.create(): a passkey for the session's user",
  request: { query: CommonQuery },
  ...session,
  responses: {
    200: Options(
      'PublicKeyCredentialCreationOptionsJSON (for PublicKeyCredential.parseCreationOptionsFromJSON)',
    ),
    ...sessionResponses,
    409: error('The account holds the most passkeys it may'),
  },
})

export const postPasskeyRegistrationVerifyRoute = createRoute({
  method: 'post',
  path: '/auth/v1/passkeys/registration/verify',
  summary: "Verifies the new credential and stores it as the session's user's passkey",
  request: {
    query: CommonQuery,
    body: body(z.object({ response: RegistrationResponse, name: PasskeyName.optional() })),
  },
  ...session,
  responses: {
    201: json(z.object({ passkey: PasskeySchema }), 'Stored'),
    ...sessionResponses,
    ...verifyRefusals,
    409: error('The passkey is registered already, or the account holds the most it may'),
  },
})

export const postPasskeyLoginOptionsRoute = createRoute({
  method: 'post',
  path: '/auth/v1/passkeys/login/options',
  summary: 'Options for navigator.credentials.get(): a sign-in with any passkey of the frame',
  request: { query: CommonQuery },
  responses: {
    200: Options(
      'PublicKeyCredentialRequestOptionsJSON (for PublicKeyCredential.parseRequestOptionsFromJSON)',
    ),
    ...guarded,
  },
})

export const postPasskeyLoginVerifyRoute = createRoute({
  method: 'post',
  path: '/auth/v1/passkeys/login/verify',
  summary: "Verifies the assertion; signs the passkey's user in as an email login does",
  request: { query: CommonQuery, body: body(z.object({ response: AuthenticationResponse })) },
  responses: {
    200: json(z.object({ token: z.string(), user: UserSchema }), 'Signed in'),
    ...guarded,
    ...verifyRefusals,
  },
})

export const getPasskeysRoute = createRoute({
  method: 'get',
  path: '/auth/v1/passkeys',
  summary: "The session's user's passkeys, oldest first",
  request: { query: CommonQuery },
  ...session,
  responses: {
    200: json(z.object({ passkeys: z.array(PasskeySchema) }), 'The passkeys'),
    ...sessionResponses,
  },
})

export const deletePasskeyRoute = createRoute({
  method: 'delete',
  path: '/auth/v1/passkeys/{credentialId}',
  summary: 'Removes a passkey, unless it is the last way to sign in to the account',
  request: { query: CommonQuery, params: z.object({ credentialId: CredentialId }) },
  ...session,
  responses: {
    204: { description: 'Removed' },
    ...sessionResponses,
    404: error('Not one of your passkeys'),
    409: error('The last way to sign in (no email login, no social account, no other passkey)'),
  },
})

/** Every passkey route (they take projectId: the project, frame CORS and the rate limits) */
export const PASSKEY_ROUTES = [
  postPasskeyRegistrationOptionsRoute,
  postPasskeyRegistrationVerifyRoute,
  postPasskeyLoginOptionsRoute,
  postPasskeyLoginVerifyRoute,
  getPasskeysRoute,
  deletePasskeyRoute,
]

/** The ones that count as sign-in attempts per client address, as the OTP routes do */
export const PASSKEY_SIGN_IN_ROUTES = [
  postPasskeyRegistrationOptionsRoute,
  postPasskeyRegistrationVerifyRoute,
  postPasskeyLoginOptionsRoute,
  postPasskeyLoginVerifyRoute,
]
