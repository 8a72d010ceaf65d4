import type { Frame, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { screenshot, view } from './browser'
import { logInWithEmail, uniqueEmail } from './email'
import { useDemo } from './harness'

const openDemo = useDemo()
const apiUrl = inject('apiUrl')
const frameUrl = inject('frameUrl')
const frameOrigin = new URL(frameUrl).origin
const PROJECT_ID = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'
const CHANNEL = 'latchkey-frame'

/**
 * Embeds the frame in whatever page is open, records every message it posts to the page, and
 * sends it a few well-formed requests. Resolves with what came back.
 */
async function probeFrame(page: Page, waitMs: number): Promise<{ type: string }[]> {
  const src = `${frameUrl}?projectId=${PROJECT_ID}&chainId=31337&version=test`
  return (await page.evaluate(`(async () => {
    const received = []
    window.addEventListener('message', (event) => {
      if (event.origin === ${JSON.stringify(frameOrigin)}) received.push(event.data)
    })
    const iframe = document.createElement('iframe')
    iframe.src = ${JSON.stringify(src)}
    document.body.append(iframe)
    await new Promise((resolve) => iframe.addEventListener('load', resolve))
    const send = (type, payload) => iframe.contentWindow.postMessage(
      { channel: ${JSON.stringify(CHANNEL)}, type, id: crypto.randomUUID(), payload },
      ${JSON.stringify(frameOrigin)},
    )
    for (let i = 0; i < 5; i++) {
      send('APP_IS_CONNECTED', {})
      send('APP_GET_CHAIN_ID', {})
      await new Promise((resolve) => setTimeout(resolve, ${waitMs / 5}))
    }
    return received
  })()`)) as { type: string }[]
}

function frameOf(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(frameOrigin))
  if (!frame) throw new Error('the embedded wallet frame is not on the page')
  return frame
}

describe('Embedded wallet frame: strict messaging (spec §7)', () => {
  it('answers a page of an allowed origin; a page of another origin cannot frame it (CSP frame-ancestors): nothing of it loads, FRAME_READY never comes', async () => {
    const { page } = await openDemo()
    const allowed = await probeFrame(page, 3_000)
    expect(allowed.map((m) => m.type)).toContain('FRAME_READY')
    expect(allowed.map((m) => m.type)).toContain('FRAME_IS_CONNECTED_SUCCESS')

    // The same page on another origin (localhost is not 127.0.0.1): the frame site's CSP
    // frame-ancestors names only the project's origins, so Chromium does not load the frame
    // there at all: no script of it runs, nothing answers, FRAME_READY never comes.
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(`${frameOrigin}/assets/`)) scripts.push(request.url())
    })
    await page.goto(new URL('/mail.html', inject('demoUrl').replace('127.0.0.1', 'localhost')).href)
    expect(await probeFrame(page, 3_000)).toEqual([])
    expect(scripts).toEqual([])
    expect(page.frames().some((f) => f.url().startsWith(frameOrigin))).toBe(false)
  })

  it('the modal on a page the frame does not allow shows Unverified Domain at once', async () => {
    const { page } = await openDemo({ url: (demo) => demo.replace('127.0.0.1', 'localhost') })
    await page.getByTestId('connect-button').click()
    await page.getByTestId('connect-email').click()
    await view(page, 'EmailLogin').waitFor()
    await page.getByTestId('email-login-input').fill(uniqueEmail('unverified'))
    await page.getByTestId('email-login-submit').click()
    const alert = page.locator('[data-alert-code="APKT005"]')
    // well before the 20 s load timeout
    await alert.waitFor({ timeout: 10_000 })
    expect(await alert.textContent()).toContain('Unverified Domain')
    await screenshot(page, 'email-unverified-domain')
  })

  it('ignores a window that is not the page embedding it, even on an allowed origin', async () => {
    const { page } = await openDemo()
    const answers = (await page.evaluate(`(async () => {
      const received = []
      const popup = window.open(${JSON.stringify(`${frameUrl}?projectId=${PROJECT_ID}&chainId=31337&version=test`)}, 'frame-popup')
      window.addEventListener('message', (event) => {
        if (event.source === popup) received.push(event.data)
      })
      await new Promise((resolve) => setTimeout(resolve, 1500))
      for (let i = 0; i < 5; i++) {
        popup.postMessage({ channel: ${JSON.stringify(CHANNEL)}, type: 'APP_IS_CONNECTED', id: crypto.randomUUID(), payload: {} }, '*')
        await new Promise((resolve) => setTimeout(resolve, 300))
      }
      popup.close()
      return received
    })()`)) as unknown[]
    expect(answers).toEqual([])
  })

  it('the host ignores forged frame messages from other windows, and survives 2,000 fuzzed messages from the frame itself', async () => {
    const email = uniqueEmail('fuzz')
    const { page, errors } = await openDemo()
    const address = await logInWithEmail(page, apiUrl, email)

    // A sandboxed iframe (opaque origin) and the page itself forge frame replies and signals.
    await page.evaluate(`(() => {
      const forged = [
        { channel: ${JSON.stringify(CHANNEL)}, type: 'FRAME_READY', payload: { version: 1 } },
        { channel: ${JSON.stringify(CHANNEL)}, type: 'FRAME_GET_USER_SUCCESS', id: crypto.randomUUID(),
          payload: { address: '0x000000000000000000000000000000000000dEaD', chainId: 1, accounts: [], smartAccountDeployed: false } },
        { channel: ${JSON.stringify(CHANNEL)}, type: 'FRAME_SIGN_OUT_SUCCESS', id: crypto.randomUUID(), payload: {} },
      ]
      for (const message of forged) window.postMessage(message, '*')
      const child = document.createElement('iframe')
      child.sandbox = 'allow-scripts'
      child.srcdoc = '<script>for (const m of ' + JSON.stringify(forged) + ') parent.postMessage(m, "*")<' + '/script>'
      document.body.append(child)
    })()`)
    await page.waitForTimeout(1_000)

    // 2,000 random messages posted by the real frame window to the host page.
    const sent = await frameOf(page).evaluate(`(() => {
      let seed = 42
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648)
      const pick = (list) => list[Math.floor(random() * list.length)]
      const types = ['FRAME_READY', 'FRAME_HEARTBEAT', 'FRAME_GET_USER_SUCCESS', 'FRAME_RPC_REQUEST_SUCCESS',
        'FRAME_RPC_REQUEST_ERROR', 'FRAME_SIGN_OUT_SUCCESS', 'FRAME_CONNECT_OTP_SUCCESS', 'APP_GET_USER', 'FRAME_', '__proto__', '']
      const values = () => pick([null, undefined, 1e308, -1, '', 'x'.repeat(Math.floor(random() * 5000)),
        { __proto__: { polluted: true } }, [1, 2, 3], { message: 42 }, { address: 'nope' }, true, crypto.randomUUID()])
      let count = 0
      for (let i = 0; i < 2000; i++) {
        const message = random() < 0.8
          ? { channel: pick(['latchkey-frame', 'other', undefined]), type: pick(types), id: pick([crypto.randomUUID(), 'x', undefined, 7]), payload: values() }
          : values()
        try { parent.postMessage(message, '*'); count++ } catch {}
      }
      return count
    })()`)
    expect(sent).toBeGreaterThan(1_900)
    await page.waitForTimeout(1_000)

    // Nothing changed: same account, still signed in, the frame still answers for it.
    expect(await page.evaluate('window.appKit.getAddress()')).toBe(address)
    expect(await page.evaluate('window.appKit.getIsConnected()')).toBe(true)
    await page.reload()
    await expect.poll(() => page.getByTestId('state-address').textContent()).toBe(address)
    await page.getByTestId('account-button').click()
    await view(page, 'Account').waitFor()
    expect(errors).toEqual([])
  })

  it('the frame survives 2,000 fuzzed messages from its page and keeps the session', async () => {
    const email = uniqueEmail('fuzz-frame')
    const { page, errors } = await openDemo()
    const address = await logInWithEmail(page, apiUrl, email)
    await page.evaluate(`(() => {
      const frame = document.querySelector('iframe[data-latchkey-frame]')
      let seed = 7
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648)
      const pick = (list) => list[Math.floor(random() * list.length)]
      const types = ['APP_SIGN_OUT_', 'APP_GET_USER', 'APP_RPC_REQUEST', 'APP_CONNECT_OTP', 'APP_SWITCH_NETWORK',
        'APP_UPDATE_EMAIL', 'APP_RELOAD_', 'FRAME_READY', 'constructor', '__proto__', '']
      const payloads = () => pick([null, 1, 'x'.repeat(Math.floor(random() * 300000)), { method: 'eth_sign', params: [] },
        { method: 'personal_sign' }, { otp: 'abc' }, { chainId: -1 }, { email: 42 }, { __proto__: { admin: true } }, []])
      for (let i = 0; i < 2000; i++) {
        frame.contentWindow.postMessage(
          { channel: pick(['latchkey-frame', 'x']), type: pick(types), id: pick([crypto.randomUUID(), 'nope', undefined]), payload: payloads() },
          ${JSON.stringify(frameOrigin)},
        )
      }
    })()`)
    await page.waitForTimeout(2_000)
    // Still signed in with the same wallet: a reload restores it from the frame.
    await page.reload()
    await expect.poll(() => page.getByTestId('state-address').textContent()).toBe(address)
    expect(errors).toEqual([])
  })
})
