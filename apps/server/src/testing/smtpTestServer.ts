import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface SmtpTestServer {
  /** smtp://127.0.0.1:<port> */
  url: string
  /** Every mail received, parsed, in order. */
  received: ParsedMail[]
  close(): Promise<void>
}

/** A real SMTP server on a free loopback port: what it receives is what a mailbox would. */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ParsedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail)
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}
