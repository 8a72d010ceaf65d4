import { createPublicClient, http } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from './anvil.ts'
import { findFreePort, occupyPort } from './free-port.ts'

const started: AnvilInstance[] = []

async function startTracked(chainId: number): Promise<AnvilInstance> {
  const anvil = await startAnvil({ port: await findFreePort(), chainId })
  started.push(anvil)
  return anvil
}

afterAll(async () => {
  await Promise.all(started.map((anvil) => anvil.stop()))
})

describe('startAnvil', () => {
  it('answers eth_chainId with the requested chain id on 127.0.0.1', async () => {
    const anvil = await startTracked(31337)

    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`)
    expect(anvil.chainId).toBe(31337)
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(await client.getChainId()).toBe(31337)
  })

  it('fails with a clear error when the port is taken', async () => {
    const port = await findFreePort()
    const release = await occupyPort(port)
    try {
      await expect(startAnvil({ port, chainId: 31337 })).rejects.toThrow(
        `port ${port} is already in use`,
      )
    } finally {
      await release()
    }
  })

  it('frees the port once stop() resolves', async () => {
    const anvil = await startTracked(31338)

    await anvil.stop()

    const release = await occupyPort(anvil.port)
    await release()
    await expect(fetch(anvil.rpcUrl, { method: 'POST' })).rejects.toThrow()
    await anvil.stop()
  })

  it('rejects with anvil stderr when the process exits before it is ready', async () => {
    const port = await findFreePort()

    await expect(startAnvil({ port, chainId: -1 })).rejects.toThrow(
      /anvil on port \d+ exited \(code 2\) before it was ready: error: unexpected argument '-1'/,
    )
  })
})
