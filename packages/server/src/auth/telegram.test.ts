// Telegram login against the real server, with initData signed by the devnet's Telegram
// stand-in, on every available database.
import { LOCAL_TELEGRAM_BOT_TOKEN, telegramInitData } from '@latchkey/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TELEGRAM_INIT_DATA_MAX_AGE_S } from '../constants/auth.ts'
import { authCaller } from '../testing/authCaller.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'

const FRAME = 'http://127.0.0.1:5174'
const FAILED = { message: 'Failed to connect' }
let ids = 7_000

describe.each(availableDatabases())('Telegram login on $name', (database) => {
  let service: TestServer
  let withoutBot: TestServer

  beforeAll(async () => {
    const options = {
      mail: { host: '127.0.0.1', port: 9 },
      frameOrigins: [FRAME],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
    }
    ;[service, withoutBot] = await Promise.all([
      startTestServer(database, { ...options, telegramBotToken: LOCAL_TELEGRAM_BOT_TOKEN }),
      startTestServer(database, options),
    ])
  })
  afterAll(async () => {
    await Promise.all([service?.stop(), withoutBot?.stop()])
  })

  const call = authCaller((path, init) => service.request(path, init), FRAME, {
    url: () => service.server.url,
  })
  const connect = (initData: string) =>
    call('POST', '/auth/v1/telegram/connect', { body: { initData } })

  it('signs a Telegram user in, the same wallet user each time, named by their username', async () => {
    const user = { id: ++ids, first_name: 'Ada', username: 'ada_tg' }
    const first = await connect(telegramInitData({ user }))
    expect(first.status).toBe(200)
    expect(first.body.token).toEqual(expect.any(String))
    expect(first.body.user).toMatchObject({
      email: null,
      userName: 'ada_tg',
      socialProvider: 'telegram',
    })
    const again = await connect(telegramInitData({ user: { ...user, username: undefined } }))
    expect(again.status).toBe(200)
    expect(again.body.token).not.toBe(first.body.token)
    const me = await call('GET', '/auth/v1/session', { token: again.body.token })
    expect(me.status).toBe(200)
    // One user per Telegram id: the second login names it by first name now.
    expect(me.body.user).toMatchObject({ userName: 'Ada', address: first.body.user.address })
  })

  it("refuses initData not signed by the project's bot, altered, or too old", async () => {
    const user = { id: ++ids, first_name: 'Eve' }
    const forged = telegramInitData({ user, botToken: '1:another-bot' })
    expect(await connect(forged)).toMatchObject({ status: 401, body: FAILED })

    const genuine = new URLSearchParams(telegramInitData({ user }))
    genuine.set('user', JSON.stringify({ id: 1, first_name: 'Admin' }))
    expect(await connect(genuine.toString())).toMatchObject({ status: 401, body: FAILED })

    const old = Math.floor(Date.now() / 1000) - TELEGRAM_INIT_DATA_MAX_AGE_S - 1
    expect(await connect(telegramInitData({ user, authDate: old }))).toMatchObject({
      status: 401,
      body: FAILED,
    })
    expect(await connect('hash=nothex&user=%7B%7D')).toMatchObject({ status: 401, body: FAILED })
  })

  it('a project without a bot token has no Telegram login', async () => {
    const response = await authCaller((path, init) => withoutBot.request(path, init), FRAME, {
      url: () => withoutBot.server.url,
    })('POST', '/auth/v1/telegram/connect', {
      body: { initData: telegramInitData({ user: { id: ++ids, first_name: 'Bo' } }) },
    })
    expect(response).toMatchObject({ status: 400, body: FAILED })
  })
})
