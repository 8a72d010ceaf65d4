// Each request gets its own instance through AppKitProvider: its network comes from the query.
import { NetworkName } from './NetworkName'

export default async function ProviderPage({
  searchParams,
}: {
  searchParams: Promise<{ net?: string }>
}) {
  const { net } = await searchParams
  return <NetworkName other={net === 'other'} />
}
