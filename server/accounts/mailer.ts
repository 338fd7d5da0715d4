import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../config.ts';

/** One outgoing mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail (SMTP) or files it in the outbox when no SMTP server is configured. */
interface Mailer {
  send(mail: Mail, extra: Record<string, unknown>): Promise<void>;
}

/** The outbox folder under a data directory. */
function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/**
 * A mailer over SMTP when `smtp` is set; otherwise each mail becomes
 * `<dataDir>/outbox/<ISO time>-<address>.json` (with `extra`, e.g. the code) and a log line.
 */
export function createMailer(options: {
  smtp: SmtpConfig | null;
  dataDir: string;
  now: () => number;
  log: (line: string) => void;
}): Mailer {
  const { smtp } = options;
  if (smtp) {
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: smtp.from, ...mail });
      },
    };
  }
  const dir = outboxDir(options.dataDir);
  return {
    async send(mail, extra) {
      mkdirSync(dir, { recursive: true });
      const at = new Date(options.now()).toISOString();
      // Addresses may legally hold characters that are unsafe in file names.
      const safeTo = mail.to.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_');
      const stem = `${at.replaceAll(':', '-')}-${safeTo}`;
      const body = JSON.stringify({ ...mail, ...extra, createdAt: at }, null, 2);
      for (let n = 0; ; n++) {
        try {
          // 'wx' refuses to overwrite: two mails in one millisecond get numbered names.
          writeFileSync(join(dir, `${stem}${n ? `-${n}` : ''}.json`), body, { flag: 'wx' });
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n > 100) throw error;
        }
      }
      options.log(`[outbox] mail to ${mail.to}: ${JSON.stringify(extra)}`);
    },
  };
}
