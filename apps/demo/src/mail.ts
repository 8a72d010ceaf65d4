// The dev mailbox page: lists what the local SMTP capture received, so a person can sign in
// with an email offline. Text only (textContent), links made clickable one by one.
import { apiUrl } from './config'

interface Mail {
  id: string
  to: string[]
  from: string
  subject: string
  text: string
  receivedAt: string
}

const list = document.getElementById('mails') as HTMLElement
const status = document.getElementById('status') as HTMLElement

function linkify(text: string, into: HTMLElement) {
  for (const part of text.split(/(https?:\/\/\S+)/)) {
    if (/^https?:\/\//.test(part)) {
      const a = document.createElement('a')
      a.href = part
      a.textContent = part
      a.target = '_blank'
      a.rel = 'noopener'
      into.append(a)
    } else into.append(part)
  }
}

function render(mails: Mail[]) {
  list.replaceChildren(
    ...mails.map((mail) => {
      const article = document.createElement('article')
      article.dataset.mailId = mail.id
      const title = document.createElement('h2')
      title.textContent = mail.subject
      const meta = document.createElement('p')
      meta.className = 'meta'
      meta.textContent = `To ${mail.to.join(', ')} · ${new Date(mail.receivedAt).toLocaleString()}`
      const body = document.createElement('pre')
      linkify(mail.text, body)
      article.append(title, meta, body)
      return article
    }),
  )
  status.textContent = mails.length === 0 ? 'No mail yet.' : ''
}

async function refresh() {
  try {
    const response = await fetch(new URL('/dev/v1/mails', apiUrl))
    if (!response.ok) throw new Error(`HTTP status code: ${response.status}`)
    const body = (await response.json()) as { mails: Mail[] }
    render(body.mails)
  } catch (error) {
    status.textContent = `The mailbox is not available (${(error as Error).message}). Is npm start running?`
  }
}

void refresh()
setInterval(() => void refresh(), 2_000)
