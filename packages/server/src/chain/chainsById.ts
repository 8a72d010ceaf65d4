// The configured chains of one namespace (Solana, Bitcoin) by CAIP-2 id.
export class ChainsById<C extends { caip2: string }> {
  readonly #byId: Map<string, C>

  constructor(chains: readonly C[]) {
    this.#byId = new Map(chains.map((chain) => [chain.caip2, chain]))
  }

  get(caip2: string): C | undefined {
    return this.#byId.get(caip2)
  }

  get all(): C[] {
    return [...this.#byId.values()]
  }

  get ids(): string[] {
    return [...this.#byId.keys()]
  }
}
