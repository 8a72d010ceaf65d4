// What a transaction moved for an address, on the shapes Esplora answers that the regtest
// payments of bitcoin.test.ts do not make: a coinbase, and inputs of several owners.
import { describe, expect, it } from 'vitest'
import { transferOf } from './bitcoinHistory.ts'
import type { EsploraOutput, EsploraTx } from './esplora.ts'

const ME = { address: 'bcrt1qme', script: '0014aa' }
const output = (script: string, value: number): EsploraOutput => ({
  scriptpubkey: script,
  scriptpubkey_address: `bcrt1q${script}`,
  value,
})
const tx = (
  inputs: (EsploraOutput | null)[],
  outputs: EsploraOutput[],
  fee: number,
): EsploraTx => ({
  txid: 'ab'.repeat(32),
  vin: inputs.map((prevout) => ({ prevout })),
  vout: outputs,
  fee,
  status: { confirmed: true, block_time: 1 },
})

describe('transferOf', () => {
  it('reads a coinbase as coins in from no one', () => {
    expect(transferOf(tx([null], [output(ME.script, 5_000)], 0), ME)).toEqual({
      direction: 'in',
      amount: 5_000n,
      counterparty: null,
    })
  })

  it('leaves the fee in the amount when others paid inputs too', () => {
    const joint = tx(
      [output(ME.script, 10_000), output('0014bb', 20_000)],
      [output('0014cc', 9_000), output('0014bb', 19_500), output('0014dd', 1_000)],
      500,
    )
    expect(transferOf(joint, ME)).toEqual({
      direction: 'out',
      amount: 10_000n,
      counterparty: 'bcrt1q0014bb',
    })
  })

  it("reads a payment with an OP_RETURN back to the payer as 'self'", () => {
    const opReturn = { scriptpubkey: '6a00', value: 0 }
    const self = tx([output(ME.script, 10_000)], [output(ME.script, 9_800), opReturn], 200)
    expect(transferOf(self, ME)).toEqual({
      direction: 'self',
      amount: 9_800n,
      counterparty: ME.address,
    })
  })
})
