// The message an embedded wallet's owner key signs to grant an app a permission (ERC-7715, README
// "Smart accounts"): JSON, checked field by field; the permissions themselves are the app's
// request as the frame approved it, kept as they are.
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { PERMISSIONS_PER_GRANT_MAX } from '../constants/sessions.ts'

const address = z.string().refine((value) => isAddress(value, { strict: false }))

const PermissionMessage = z.object({
  kind: z.literal('latchkey-permission'),
  version: z.literal(1),
  account: address,
  owner: address,
  chainId: z
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
  origin: z.string().url().max(256),
  expiry: z.number().int().positive(),
  permissions: z.array(z.record(z.string(), z.unknown())).min(1).max(PERMISSIONS_PER_GRANT_MAX),
})

export type PermissionMessage = z.infer<typeof PermissionMessage>

export function parsePermissionMessage(text: string): PermissionMessage | undefined {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  const parsed = PermissionMessage.safeParse(json)
  if (!parsed.success) return undefined
  return {
    ...parsed.data,
    account: getAddress(parsed.data.account),
    owner: getAddress(parsed.data.owner),
  }
}
