// Email login through the embedded wallet, timed in Chromium over the e2e stack (demo, frame
// site, server, SMTP capture, anvil): the frame's size, submit → approval asked (frame load,
// origins, server, SMTP; a new email's first device is approved from the mail), Approve on the
// mail's page → code asked (the frame's poll), code → connected (key created, encrypted,
// uploaded; wagmi connects), "Sign a message" → the approval on screen inside the frame, and
// Account's "Swap" → the swap form ready (its chunk and controller, the chain's tokens).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { launchBrowser } from '@latchkey/e2e/browser'
import { startTestStack } from '@latchkey/e2e/setup/stack'
import { analyzeBuild } from './size'
import { markdownTable } from './table'
import { median } from './timing'

export interface EmailLoginBenchResult {
  /** Every JS file of the frame app; the smart-account part loads on demand */
  frameJsGzipBytes: number
  /** What the frame loads before it answers: index.html's scripts and their static imports */
  frameFirstLoadJsGzipBytes: number
  submitToApprovalMs: number[]
  approveToCodeMs: number[]
  codeToAccountMs: number[]
  signToApprovalMs: number[]
  swapFormMs: number[]
}

/** The newest line of the mails to `to` that `line` matches, from the SMTP capture (/dev/v1/mails). */
async function readMailLine(apiUrl: string, to: string, line: RegExp): Promise<string> {
  const url = new URL('/dev/v1/mails', apiUrl)
  url.searchParams.set('to', to)
  for (let tries = 0; tries < 100; tries++) {
    const { mails } = (await (await fetch(url)).json()) as { mails: { text: string }[] }
    const found = mails.map((m) => line.exec(m.text)?.[1]).find(Boolean)
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`nothing like ${line} mailed to ${to}`)
}

function frameJsGzip(dir: string): number {
  const assets = join(dir, 'assets')
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0)
}

export async function runEmailLoginBench(opts: { runs: number }): Promise<EmailLoginBenchResult> {
  const root = fileURLToPath(new URL('./results/build/', import.meta.url))
  const stack = await startTestStack(join(root, 'email-demo'), join(root, 'email-frame'))
  const browser = await launchBrowser()
  const result: EmailLoginBenchResult = {
    frameJsGzipBytes: frameJsGzip(join(root, 'email-frame')),
    frameFirstLoadJsGzipBytes: analyzeBuild(join(root, 'email-frame')).firstLoadJsGzip,
    submitToApprovalMs: [],
    approveToCodeMs: [],
    codeToAccountMs: [],
    signToApprovalMs: [],
    swapFormMs: [],
  }
  try {
    for (let i = 0; i < opts.runs; i++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(stack.demoUrl, { waitUntil: 'networkidle' })
      await page.getByTestId('connect-button').click()
      await page.getByTestId('connect-email').click()
      const email = `bench.${Date.now()}.${i}@example.com`
      await page.getByTestId('email-login-input').fill(email)
      let started = performance.now()
      await page.getByTestId('email-login-submit').click()
      await page.locator('[data-view="EmailLogin"][data-step="device"]').waitFor()
      result.submitToApprovalMs.push(performance.now() - started)
      const link = await readMailLine(
        stack.apiUrl,
        email,
        /^(https?:\/\/\S+\/device\/approve\S+)$/m,
      )
      const tab = await context.newPage()
      await tab.goto(link)
      started = performance.now()
      await tab.getByRole('button', { name: 'Approve' }).click()
      await page.locator('[data-view="EmailLogin"][data-step="otp"]').waitFor()
      result.approveToCodeMs.push(performance.now() - started)
      await tab.close()
      const code = await readMailLine(stack.apiUrl, email, /^(\d{6})$/m)
      await page.getByTestId('email-otp-input').fill(code)
      started = performance.now()
      await page.getByTestId('email-otp-submit').click()
      // Connected, the modal closes and the page's button shows the account.
      await page.getByTestId('account-button').waitFor()
      result.codeToAccountMs.push(performance.now() - started)
      await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
      started = performance.now()
      await page.getByTestId('sign-message').click()
      await page.frameLocator('iframe[data-latchkey-frame]').getByTestId('frame-approve').waitFor()
      result.signToApprovalMs.push(performance.now() - started)
      await page.getByTestId('modal-close').click()
      await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
      await page.getByTestId('account-button').click()
      await page.locator('[data-view="Account"]').waitFor()
      started = performance.now()
      await page.getByTestId('wallet-feature-swaps').click()
      // Ready: both tokens picked, so an amount can be typed and quoted.
      await page.getByTestId('swap-buy-token').filter({ hasText: 'lUSD' }).waitFor()
      result.swapFormMs.push(performance.now() - started)
      await context.close()
    }
    return result
  } finally {
    await browser.close()
    await stack.stop()
  }
}

export function emailLoginTable(result: EmailLoginBenchResult): string {
  const row = (step: string, runs: number[]) => [
    step,
    median(runs).toFixed(1),
    runs.map((r) => r.toFixed(0)).join(', '),
  ]
  return markdownTable(
    ['step', `median ms (of ${result.submitToApprovalMs.length})`, 'runs ms'],
    [
      row(
        'submit email → device approval asked (cold frame + server + SMTP)',
        result.submitToApprovalMs,
      ),
      row(
        "Approve on the mail's page → code asked (the frame polls each second)",
        result.approveToCodeMs,
      ),
      row(
        'submit code → connected (key made, wrapped, stored; account button shown)',
        result.codeToAccountMs,
      ),
      row('"Sign a message" → approval shown in the frame', result.signToApprovalMs),
      row('Account\'s "Swap" → swap form ready (tokens of the chain listed)', result.swapFormMs),
    ],
  )
}
