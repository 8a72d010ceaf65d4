// Email delivery over SMTP (nodemailer), and the auth mails' texts. Locally the SMTP server is
// @latchkey/devnet's capture (docs/architecture.md "Real stand-ins").
import nodemailer from 'nodemailer'
import {
  AUTH_DEFAULT_MAIL_FROM,
  AUTH_DEVICE_APPROVAL_TTL_MS,
  AUTH_OTP_TTL_MS,
  AUTH_SMTP_TIMEOUT_MS,
} from '../constants/auth.ts'
import { formatRequestTime, type SignInRequest } from './requestInfo.ts'

export interface Mail {
  to: string
  subject: string
  text: string
}

/** What the routes send mail with: rejects when the SMTP server did not take the mail. */
export interface Mailer {
  send(mail: Mail): Promise<void>
  close(): void
}

export interface MailOptions {
  host: string
  port: number
  /** Default AUTH_DEFAULT_MAIL_FROM */
  from?: string
}

export function smtpMailer(options: MailOptions): Mailer {
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.port === 465,
    connectionTimeout: AUTH_SMTP_TIMEOUT_MS,
    greetingTimeout: AUTH_SMTP_TIMEOUT_MS,
    socketTimeout: AUTH_SMTP_TIMEOUT_MS,
    // Reuses open connections: a login sends two mails, and a new SMTP session per mail cost
    // about 100 ms more each (measured against the dev mail capture).
    pool: true,
  })
  const from = options.from ?? AUTH_DEFAULT_MAIL_FROM
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
    close: () => transport.close(),
  }
}

const minutes = (ms: number) => `${ms / 60_000} minutes`

/**
 * The code and the link stand alone on their lines, so a person (or a test) can pick them out.
 * No subject holds a code: subjects show in notifications and lock screens, and mail scanners
 * and previews log them.
 */
export const authMails = {
  loginOtp: (to: string, otp: string): Mail => ({
    to,
    subject: 'Your sign-in code',
    text: `Your sign-in code is:\n\n${otp}\n\nIt is valid for ${minutes(AUTH_OTP_TTL_MS)}. If you did not ask for it, ignore this email.\n`,
  }),
  deviceApproval: (to: string, link: string, request: SignInRequest): Mail => ({
    to,
    subject: 'Approve your new device',
    text: `Someone asked to sign in to your wallet with this email address from a device that has not signed in with it before:\n\nDevice: ${request.device}\nIP address: ${request.ip}\nTime: ${formatRequestTime(request.at)}\n\nIf it was you, open this link and press Approve:\n\n${link}\n\nThe link is valid for ${minutes(AUTH_DEVICE_APPROVAL_TTL_MS)} and approves once. If it was not you, ignore this email: nothing is approved unless you press Approve.\n`,
  }),
  loginLocked: (to: string, until: Date): Mail => ({
    to,
    subject: 'Email sign-in paused',
    text: `Too many wrong sign-in codes were entered for this email address, so signing in to your wallet with it is paused until ${formatRequestTime(until)}.\n\nIf it was not you, someone may be trying to sign in as you; they need the codes sent to this mailbox, so keep it safe. Nothing else is needed.\n`,
  }),
  changePrimary: (to: string, otp: string, newEmail: string): Mail => ({
    to,
    subject: 'Confirm your email change',
    text: `To change your email address to ${newEmail}, enter this code:\n\n${otp}\n\nIt is valid for ${minutes(AUTH_OTP_TTL_MS)}. If you did not ask for it, ignore this email.\n`,
  }),
  reverifyOtp: (to: string, otp: string): Mail => ({
    to,
    subject: 'Confirm it is you',
    text: `To confirm it is you before your wallet's private key is shown, enter this code:\n\n${otp}\n\nIt is valid for ${minutes(AUTH_OTP_TTL_MS)}. If you did not ask for it, someone may be signed in to your wallet: sign out everywhere from Account.\n`,
  }),
  keyExported: (to: string, address: string, request: SignInRequest): Mail => ({
    to,
    subject: 'Your wallet key was exported',
    text: `The private key of your wallet ${address} was shown for export:\n\nDevice: ${request.device}\nIP address: ${request.ip}\nTime: ${formatRequestTime(request.at)}\n\nIf it was you, nothing else is needed. If it was not you, move your funds to a new wallet now: whoever holds the key controls the wallet.\n`,
  }),
  changeSecondary: (to: string, otp: string): Mail => ({
    to,
    subject: 'Verify your new email address',
    text: `To make this your wallet's email address, enter this code:\n\n${otp}\n\nIt is valid for ${minutes(AUTH_OTP_TTL_MS)}.\n`,
  }),
}
