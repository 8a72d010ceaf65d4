// The onramp sandbox's orders: created with a checkout URL, then paid exactly once
// (created → pending → completed | failed). Each change is one conditional UPDATE, so two
// "Pay" clicks or two server instances cannot pay an order twice.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { ONRAMP_ORDER_TTL_MS } from '../constants/onramp.ts'
import type { Database, OnrampOrderRow } from '../db/schema.ts'
import type { FiatCurrency, OnrampQuote, PaymentMethod } from './onrampQuote.ts'

export interface NewOrder {
  projectId: string
  network: string
  asset: string
  assetAddress: string | null
  destination: string
  partnerUserId?: string
  presetFiatCents?: bigint
  /** Base units */
  presetCryptoAmount?: bigint
  preferredMethod?: PaymentMethod
  currency: FiatCurrency
}

export function createOrderStore(db: Kysely<Database>, now: () => number = Date.now) {
  const table = () => db.selectFrom('onramp_orders').selectAll()

  return {
    async create(order: NewOrder): Promise<OnrampOrderRow> {
      const at = new Date(now())
      return db
        .insertInto('onramp_orders')
        .values({
          id: randomUUID(),
          project_id: order.projectId,
          status: 'created',
          network: order.network,
          asset: order.asset,
          asset_address: order.assetAddress,
          destination: order.destination,
          partner_user_id: order.partnerUserId ?? null,
          preset_fiat_cents: order.presetFiatCents?.toString() ?? null,
          preset_crypto_amount: order.presetCryptoAmount?.toString() ?? null,
          preferred_method: order.preferredMethod ?? null,
          currency: order.currency,
          method: null,
          total_cents: null,
          fee_cents: null,
          purchase_amount: null,
          tx_hash: null,
          failure: null,
          created_at: at,
          updated_at: at,
          expires_at: new Date(now() + ONRAMP_ORDER_TTL_MS),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    get: (id: string) => table().where('id', '=', id).executeTakeFirst(),

    /**
     * Takes the payment of a created, unexpired order (→ pending with its quote). Undefined when
     * the order was paid, failed or expired already: the caller reads its state instead.
     */
    startPayment(id: string, quote: OnrampQuote) {
      return db
        .updateTable('onramp_orders')
        .set({
          status: 'pending',
          method: quote.method,
          total_cents: quote.paymentTotalCents.toString(),
          fee_cents: quote.feeCents.toString(),
          purchase_amount: quote.purchaseAmount.toString(),
          updated_at: new Date(now()),
        })
        .where('id', '=', id)
        .where('status', '=', 'created')
        .where('expires_at', '>', new Date(now()))
        .returningAll()
        .executeTakeFirst()
    },

    complete(id: string, txHash: string) {
      return db
        .updateTable('onramp_orders')
        .set({ status: 'completed', tx_hash: txHash, updated_at: new Date(now()) })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst()
    },

    /** A declined payment or a payout that did not go through; a paid order is never failed. */
    fail(id: string, reason: string) {
      return db
        .updateTable('onramp_orders')
        .set({ status: 'failed', failure: reason.slice(0, 300), updated_at: new Date(now()) })
        .where('id', '=', id)
        .where('status', 'in', ['created', 'pending'])
        .returningAll()
        .executeTakeFirst()
    },
  }
}

export type OrderStore = ReturnType<typeof createOrderStore>
