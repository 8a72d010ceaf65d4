// startSolanaDevnet: a LiteSVM ledger with the genesis state, served as JSON-RPC over HTTP.
import type { AddressInfo } from 'node:net'
import { SOLANA_FAUCET_KEYPAIR, SOLANA_MINT_KEYPAIR } from './accounts.ts'
import {
  DEFAULT_SOLANA_HOST,
  DEFAULT_SOLANA_PORT,
  SOLANA_CAIP_NETWORK_ID,
  SOLANA_GENESIS_HASH,
  SOLANA_TOKEN_SPEC,
} from './constants.ts'
import { writeGenesis } from './genesis.ts'
import { createRpcServer } from './http.ts'
import { SolanaLedger } from './ledger.ts'
import { SOLANA_RPC_METHODS } from './methods.ts'

export interface StartSolanaDevnetOptions {
  /** Default SOLANA_PORT or 8899; 0 picks a free port */
  port?: number
  host?: string
}

export interface SolanaDevnet {
  rpcUrl: string
  port: number
  /** base58, 32 bytes */
  genesisHash: string
  /** solana:<first 32 characters of the genesis hash> */
  caipNetworkId: string
  /** The lUSD mint */
  mint: string
  tokenDecimals: number
  stop(): Promise<void>
}

/** SOLANA_PORT when set, else 8899 (solana-test-validator's RPC port). */
export function defaultSolanaPort(): number {
  const raw = process.env.SOLANA_PORT
  if (raw === undefined || raw === '') return DEFAULT_SOLANA_PORT
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`SOLANA_PORT must be a TCP port number, got "${raw}"`)
  }
  return port
}

export async function startSolanaDevnet({
  port = defaultSolanaPort(),
  host = DEFAULT_SOLANA_HOST,
}: StartSolanaDevnetOptions = {}): Promise<SolanaDevnet> {
  const ledger = new SolanaLedger()
  await writeGenesis(ledger)
  const server = createRpcServer(SOLANA_RPC_METHODS, {
    ledger,
    faucet: SOLANA_FAUCET_KEYPAIR,
    genesisHash: SOLANA_GENESIS_HASH,
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} is already in use`) : error)
    })
    server.listen({ port, host, exclusive: true }, () => resolve())
  })
  const bound = (server.address() as AddressInfo).port
  let stopping: Promise<void> | undefined
  return {
    rpcUrl: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    genesisHash: SOLANA_GENESIS_HASH,
    caipNetworkId: SOLANA_CAIP_NETWORK_ID,
    mint: SOLANA_MINT_KEYPAIR.address,
    tokenDecimals: SOLANA_TOKEN_SPEC.decimals,
    stop() {
      stopping ??= new Promise((resolve) => {
        server.close(() => resolve())
        // Keep-alive sockets would hold close() open until they time out.
        server.closeAllConnections()
      })
      return stopping
    },
  }
}
