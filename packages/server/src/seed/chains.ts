// CAIP-2 ids of the networks the seed data names. Solana and Bitcoin use their genesis-hash
// references; Polkadot-family ids are the first 32 hex digits of the genesis hash.

export const ETHEREUM = 'eip155:1'
export const OPTIMISM = 'eip155:10'
export const BSC = 'eip155:56'
export const GNOSIS = 'eip155:100'
export const POLYGON = 'eip155:137'
export const FANTOM = 'eip155:250'
export const ZKSYNC = 'eip155:324'
export const RONIN = 'eip155:2020'
export const BASE = 'eip155:8453'
export const ARBITRUM = 'eip155:42161'
export const CELO = 'eip155:42220'
export const AVALANCHE = 'eip155:43114'
export const LINEA = 'eip155:59144'
export const SCROLL = 'eip155:534352'
export const ZORA = 'eip155:7777777'
export const SEPOLIA = 'eip155:11155111'
export const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
export const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
export const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'
export const COSMOS_HUB = 'cosmos:cosmoshub-4'
export const OSMOSIS = 'cosmos:osmosis-1'
export const TERRA = 'cosmos:phoenix-1'
export const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
export const KUSAMA = 'polkadot:b0a8d493285c2df73290dfb7e61f870f'
export const SUI = 'sui:mainnet'
export const STACKS = 'stacks:1'

/** The EVM networks most multi-chain wallets ship with. */
export const MAJOR_EVM = [ETHEREUM, OPTIMISM, BSC, POLYGON, BASE, ARBITRUM, AVALANCHE]
