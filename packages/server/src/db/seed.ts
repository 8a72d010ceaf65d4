import { type Insertable, type Kysely, sql } from 'kysely'
import { DIRECTORY_SEED } from '../constants.ts'
import { walletLogos } from '../images/packageIcons.ts'
import { type GeneratedWallet, generateWallets } from '../seed/generate.ts'
import { WALLET_ICONS } from '../seed/icons.ts'
import type { SeedWallet } from '../seed/wallets.ts'
import type { Database, StoredRemoteFeatures, WalletsTable } from './schema.ts'

export interface SeedOptions {
  projectId: string
  projectName: string
  allowedOrigins: readonly string[]
  /** The directory's real wallets, in directory order */
  wallets: readonly SeedWallet[]
  /** How many generated wallets to add after the real ones (0 for none) */
  directorySize: number
  /** The project's Telegram bot token; kept as it is when not given */
  telegramBotToken?: string
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_BATCH = 500

type WalletInsert = Insertable<WalletsTable>

function toRow(
  wallet: SeedWallet,
  rank: number,
  directoryIndex: number | null,
  imageSvg: string | null,
): WalletInsert {
  return {
    id: wallet.id,
    name: wallet.name,
    rdns: wallet.rdns,
    chains: wallet.chains,
    custom_evm_networks: wallet.customEvmNetworks,
    homepage: wallet.homepage,
    mobile_link: wallet.mobileLink,
    universal_link: wallet.universalLink,
    desktop_link: wallet.desktopLink,
    webapp_link: wallet.webappLink,
    app_store: wallet.appStore,
    play_store: wallet.playStore,
    chrome_store: wallet.chromeStore,
    badge_type: wallet.certified ? 'certified' : 'none',
    rank,
    image_svg: imageSvg,
    directory_index: directoryIndex,
  }
}

function generatedRow(wallet: GeneratedWallet): WalletInsert {
  return toRow(wallet, wallet.rank, wallet.directoryIndex, null)
}

function* batches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size)
}

async function seedProject(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  const features: StoredRemoteFeatures = {}
  await db
    .insertInto('projects')
    .values({
      project_id: options.projectId,
      name: options.projectName,
      allowed_origins: [...options.allowedOrigins],
      features: JSON.stringify(features),
      analytics_enabled: true,
      telegram_bot_token: options.telegramBotToken ?? null,
    })
    // The origins follow the ports of this run; features an operator changed are kept.
    .onConflict((oc) =>
      oc.column('project_id').doUpdateSet({
        allowed_origins: [...options.allowedOrigins],
        ...(options.telegramBotToken && { telegram_bot_token: options.telegramBotToken }),
      }),
    )
    .execute()
}

async function seedRealWallets(
  db: Kysely<Database>,
  wallets: readonly SeedWallet[],
  logos: ReadonlyMap<string, string>,
) {
  const rows = wallets.map((wallet, index) =>
    toRow(wallet, index + 1, null, logos.get(wallet.id) ?? null),
  )
  for (const batch of batches(rows, INSERT_BATCH)) {
    await db
      .insertInto('wallets')
      .values(batch)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          rdns: eb.ref('excluded.rdns'),
          chains: eb.ref('excluded.chains'),
          custom_evm_networks: eb.ref('excluded.custom_evm_networks'),
          homepage: eb.ref('excluded.homepage'),
          mobile_link: eb.ref('excluded.mobile_link'),
          universal_link: eb.ref('excluded.universal_link'),
          desktop_link: eb.ref('excluded.desktop_link'),
          webapp_link: eb.ref('excluded.webapp_link'),
          app_store: eb.ref('excluded.app_store'),
          play_store: eb.ref('excluded.play_store'),
          chrome_store: eb.ref('excluded.chrome_store'),
          badge_type: eb.ref('excluded.badge_type'),
          rank: eb.ref('excluded.rank'),
          image_svg: eb.ref('excluded.image_svg'),
        })),
      )
      .execute()
  }
}

/** Makes the generated part of the directory exactly `size` wallets long; true if it changed. */
async function seedGeneratedDirectory(db: Kysely<Database>, size: number): Promise<boolean> {
  const removed = await db.deleteFrom('wallets').where('directory_index', '>=', size).execute()
  const { present } = await db
    .selectFrom('wallets')
    .select(sql<number>`count(*)::int`.as('present'))
    .where('directory_index', 'is not', null)
    .executeTakeFirstOrThrow()
  if (present === size) return (removed[0]?.numDeletedRows ?? 0n) > 0n
  const rows = generateWallets(size, DIRECTORY_SEED).map(generatedRow)
  for (const batch of batches(rows, INSERT_BATCH)) {
    await db
      .insertInto('wallets')
      .values(batch)
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  return true
}

/**
 * The wallet directory: the real wallets with their logos (src/seed/icons.ts), then
 * `directorySize` generated ones, which have none. Idempotent.
 */
export async function seedDirectory(
  db: Kysely<Database>,
  options: Pick<SeedOptions, 'wallets' | 'directorySize'>,
): Promise<void> {
  const logos = await walletLogos(
    options.wallets.map((wallet) => wallet.id),
    WALLET_ICONS,
  )
  const directoryChanged = await db.transaction().execute(async (trx) => {
    await seedRealWallets(trx, options.wallets, logos)
    return seedGeneratedDirectory(trx, options.directorySize)
  })
  // Fresh statistics, or the planner sorts the whole directory instead of walking its index.
  // (PGlite has no autovacuum to gather them.)
  if (directoryChanged) await sql`analyze wallets`.execute(db)
}

/**
 * Development's seed: the demo project (its origins follow this run's ports) and the directory.
 * Idempotent: running it again changes nothing unless the options changed.
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  await seedProject(db, options)
  await seedDirectory(db, options)
}
