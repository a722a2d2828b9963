// Delivers verification codes: an outbox file in development/demo, SMTP for e-mail, an SMS provider.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.js';
import { sendProviderSms } from './sms-provider.js';

export type TCodeMessage = { channel: 'sms' | 'email'; to: string; code: string; purpose: string };
export type TMailer = {
  deliverCode: (message: TCodeMessage) => Promise<void>;
  /** Plain notification e-mail (trade events); outbox line when no SMTP is configured. */
  notify: (to: string, subject: string, text: string) => Promise<void>;
};

const PURPOSE_TEXT: Record<string, string> = {
  login: '登录',
  register: '注册',
  reset: '找回密码',
  bind: '绑定新的联系方式',
  verify: '身份验证',
  inquiry: '快速询价',
};

export function outboxPath(config: TConfig, channel: 'sms' | 'email') {
  return path.join(config.dataDir, 'outbox', channel === 'sms' ? 'sms.jsonl' : 'mail.jsonl');
}

export function createMailer(config: TConfig, log: FastifyBaseLogger): TMailer {
  const outboxAllowed = config.NODE_ENV !== 'production' || config.ALLOW_OUTBOX || config.demo;
  let smtp: import('nodemailer').Transporter | undefined;
  const getSmtp = async () => {
    if (!smtp) {
      const nodemailer = await import('nodemailer');
      smtp = nodemailer.createTransport(config.SMTP_URL!);
    }
    return smtp;
  };

  const writeOutbox = (channel: 'sms' | 'email', line: Record<string, unknown>) => {
    if (!outboxAllowed) throw new Error('outbox delivery is disabled in production; configure SMTP_URL / SMS_PROVIDER or set ALLOW_OUTBOX=1');
    const file = outboxPath(config, channel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
    log.info({ outbox: channel, to: line.to, purpose: line.purpose }, 'message written to outbox');
  };

  return {
    async deliverCode({ channel, to, code, purpose }) {
      const at = new Date().toISOString();
      const text = `【${config.SITE_NAME}】您的${PURPOSE_TEXT[purpose] ?? ''}验证码为 ${code}，5分钟内有效。如非本人操作，请忽略。`;
      if (channel === 'email' && config.SMTP_URL) {
        const transport = await getSmtp();
        await transport.sendMail({ from: config.MAIL_FROM, to, subject: `${config.SITE_NAME} 验证码`, text });
        return;
      }
      if (channel === 'sms' && config.SMS_PROVIDER !== 'outbox') {
        await sendProviderSms(config, to, code);
        return;
      }
      writeOutbox(channel, { to, code, purpose, at });
    },
    async notify(to, subject, text) {
      if (config.SMTP_URL && to.includes('@')) {
        const transport = await getSmtp();
        await transport.sendMail({ from: config.MAIL_FROM, to, subject, text });
        return;
      }
      writeOutbox(to.includes('@') ? 'email' : 'sms', { to, subject, text, purpose: 'notice', at: new Date().toISOString() });
    },
  };
}
