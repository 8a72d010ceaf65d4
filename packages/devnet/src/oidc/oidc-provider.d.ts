// The part of oidc-provider v9 (which ships no types) that the local OpenID provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface AccountClaims {
    sub: string
    [claim: string]: unknown
  }

  export interface Account {
    accountId: string
    claims(use: string, scope: string): AccountClaims | Promise<AccountClaims>
  }

  export interface OidcSession {
    accountId?: string
    grantIdFor(clientId: string): string | undefined
  }

  export interface OidcContext {
    provider: Provider
    params: Record<string, unknown>
    client?: { clientId: string }
    session: OidcSession
    result?: InteractionResults
  }

  /** The Koa context oidc-provider hands to configuration functions */
  export interface KoaContextWithOIDC {
    oidc: OidcContext
    type: string
    body: unknown
    status: number
  }

  /** The part of a Koa context a middleware of ours touches */
  export interface KoaContext {
    response: { get(field: string): string | string[] | undefined }
    set(field: string, value: string | string[]): void
    remove(field: string): void
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean }
    consent?: { grantId?: string }
    error?: string
    error_description?: string
  }

  export interface Interaction {
    uid: string
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> }
    params: Record<string, unknown>
    session?: { accountId?: string }
    grantId?: string
  }

  export class Grant {
    constructor(properties: { accountId?: string; clientId: string })
    readonly accountId?: string
    readonly clientId: string
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    addResourceScope(resource: string, scope: string): void
    save(): Promise<string>
    static find(id: string): Promise<Grant | undefined>
  }

  export interface ClientMetadata {
    client_id: string
    client_secret?: string
    redirect_uris: string[]
    response_types?: string[]
    grant_types?: string[]
    token_endpoint_auth_method?: string
    application_type?: 'web' | 'native'
    client_name?: string
  }

  export type ErrorOut = Record<string, string>

  export type AdapterPayload = Record<string, unknown>

  /** Storage of one model (Session, Interaction, AuthorizationCode, Grant, …) */
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>
    find(id: string): Promise<AdapterPayload | undefined>
    findByUid(uid: string): Promise<AdapterPayload | undefined>
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>
    consume(id: string): Promise<void>
    destroy(id: string): Promise<void>
    revokeByGrantId(grantId: string): Promise<void>
  }

  export interface Configuration {
    adapter?: (model: string) => Adapter
    clients?: ClientMetadata[]
    findAccount?: (
      ctx: KoaContextWithOIDC,
      sub: string,
    ) => Account | undefined | Promise<Account | undefined>
    claims?: Record<string, string[]>
    scopes?: string[]
    responseTypes?: string[]
    conformIdTokenClaims?: boolean
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: unknown) => boolean
    cookies?: { keys?: string[] }
    jwks?: { keys: object[] }
    features?: Record<string, { enabled: boolean; [option: string]: unknown }>
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: unknown) => boolean }
    routes?: Record<string, string>
    ttl?: Record<string, number>
    interactions?: {
      url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string | Promise<string>
    }
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => void | Promise<void>
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration)
    readonly issuer: string
    readonly Grant: typeof Grant
    readonly Client: { prototype: { redirectUriAllowed(uri: string): boolean } }
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    on(event: string, listener: (...args: unknown[]) => void): this
    /** Koa middleware, run before the provider's own */
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): this
  }

  export default Provider
}
