import { type ChainNamespace, isChainNamespace } from '../caip.ts'
import type { SendState } from '../send/sendState.ts'
import type { RouteInput } from './router.ts'

/**
 * AppKit's `open()` options. `namespace`: connect (or show) that namespace's account only;
 * `arguments`: what the view starts with (WalletSend: amount, receiver, token).
 */
export interface OpenOptions {
  view?: RouteInput
  namespace?: ChainNamespace
  arguments?: Record<string, unknown>
}

/** The namespace to open for, when the app named a known one. */
export function openNamespace(options: OpenOptions): ChainNamespace | undefined {
  return isChainNamespace(options.namespace) ? options.namespace : undefined
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/**
 * WalletSend's start from `arguments`: `amount`, `to` (or `receiver`), `assetAddress` (plain or
 * CAIP-10, on the active network). Values of the wrong type are left out.
 */
export function sendArguments(
  args: Record<string, unknown> | undefined,
  caipNetworkId: string,
): Partial<Pick<SendState, 'amount' | 'receiver' | 'tokenKey'>> {
  if (!args || typeof args !== 'object') return {}
  const amount =
    text(args.amount) ?? (typeof args.amount === 'number' ? String(args.amount) : undefined)
  const receiver = text(args.to) ?? text(args.receiver)
  const asset = text(args.assetAddress)
  const tokenKey = asset && (asset.includes(':') ? asset : `${caipNetworkId}:${asset}`)
  return {
    ...(amount !== undefined && { amount }),
    ...(receiver !== undefined && { receiver }),
    ...(tokenKey !== undefined && { tokenKey }),
  }
}
