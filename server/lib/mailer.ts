// Delivers verification codes and notices: SMTP for e-mail, an SMS provider, or an outbox file
// in development/demo (refused in production unless ALLOW_OUTBOX is set).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.js';
import { sendProviderSms, type TSmsTransport } from './sms-provider.js';

export type TCodeMessage = { channel: 'sms' | 'email'; to: string; code: string; purpose: string };
export type TMailer = {
  /** Throws a DeliveryError (already logged) when the code could not be handed to a channel. */
  deliverCode: (message: TCodeMessage) => Promise<void>;
  /**
   * Notice about a trade event to an e-mail address or a mobile. Without a usable channel the
   * notice is logged and skipped (the in-app notice stays); a channel that fails throws.
   */
  notify: (to: string, subject: string, text: string) => Promise<void>;
};

/** A message could not be handed to its channel. */
export class DeliveryError extends Error {
  constructor(
    readonly channel: 'sms' | 'email',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}

/** Production without SMTP / an SMS provider: the outbox file would silently swallow the message. */
export class OutboxDisabledError extends DeliveryError {
  constructor(channel: 'sms' | 'email') {
    super(
      channel,
      channel === 'email'
        ? 'e-mail outbox is disabled (production, or a HOST other than loopback without DEMO=1): set SMTP_URL, or ALLOW_OUTBOX=1 to write e-mails to DATA_DIR/outbox/mail.jsonl'
        : 'SMS outbox is disabled (production, or a HOST other than loopback without DEMO=1): set SMS_PROVIDER (aliyun or tencent) with its SMS_* credentials, or ALLOW_OUTBOX=1 to write SMS to DATA_DIR/outbox/sms.jsonl',
    );
    this.name = 'OutboxDisabledError';
  }
}


const PURPOSE_TEXT: Record<string, string> = {
  login: '登录',
  register: '注册',
  reset: '找回密码',
  bind: '绑定新的联系方式',
  verify: '身份验证',
  inquiry: '快速询价',
  remove: '注销账号',
};

export function outboxPath(config: TConfig, channel: 'sms' | 'email') {
  return path.join(config.dataDir, 'outbox', channel === 'sms' ? 'sms.jsonl' : 'mail.jsonl');
}

/** The notice title as an SMS template variable: without the 【site】 prefix the signature adds. */
export const noticeTitle = (subject: string) => subject.replace(/^【[^】]*】/, '').trim().slice(0, 20);

export function createMailer(config: TConfig, log: FastifyBaseLogger, deps: { sms?: TSmsTransport } = {}): TMailer {
  // config.outbox: development on loopback (or DEMO=1), or ALLOW_OUTBOX; never production or a network HOST by default
  const outboxAllowed = config.outbox;
  const smsProvider = config.SMS_PROVIDER !== 'outbox';
  const noticeTemplate = config.SMS_NOTICE_TEMPLATE_CODE || undefined;
  if (!outboxAllowed) {
    if (!config.SMTP_URL) log.warn(new OutboxDisabledError('email').message);
    if (!smsProvider) log.warn(new OutboxDisabledError('sms').message);
  }

  let smtp: import('nodemailer').Transporter | undefined;
  const sendEmail = async (to: string, subject: string, text: string) => {
    if (!smtp) {
      const nodemailer = await import('nodemailer');
      smtp = nodemailer.createTransport(config.SMTP_URL!);
    }
    await smtp.sendMail({ from: config.MAIL_FROM, to, subject, text });
  };

  const writeOutbox = (channel: 'sms' | 'email', line: Record<string, unknown>) => {
    if (!outboxAllowed) throw new OutboxDisabledError(channel);
    const file = outboxPath(config, channel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
    log.info({ outbox: channel, to: line.to, purpose: line.purpose }, 'message written to outbox');
  };

  const sendCode = async ({ channel, to, code, purpose }: TCodeMessage) => {
    if (channel === 'email' && config.SMTP_URL) {
      const text = `【${config.SITE_NAME}】您的${PURPOSE_TEXT[purpose] ?? ''}验证码为 ${code}，5分钟内有效。如非本人操作，请忽略。`;
      return sendEmail(to, `${config.SITE_NAME} 验证码`, text);
    }
    if (channel === 'sms' && smsProvider) {
      if (!config.SMS_TEMPLATE_CODE) throw new Error(`SMS_PROVIDER=${config.SMS_PROVIDER} needs SMS_TEMPLATE_CODE`);
      return sendProviderSms(config, to, { template: config.SMS_TEMPLATE_CODE, params: [['code', code]] }, deps.sms);
    }
    writeOutbox(channel, { to, code, purpose, at: new Date().toISOString() });
  };

  return {
    async deliverCode(message) {
      try {
        await sendCode(message);
      } catch (err) {
        log.error({ err, channel: message.channel, purpose: message.purpose }, 'verification code delivery failed');
        if (err instanceof DeliveryError) throw err;
        throw new DeliveryError(message.channel, `${message.channel} delivery failed: ${(err as Error).message}`, { cause: err });
      }
    },
    async notify(to, subject, text) {
      const at = new Date().toISOString();
      if (to.includes('@')) {
        if (config.SMTP_URL) return sendEmail(to, subject, text);
        if (outboxAllowed) return writeOutbox('email', { to, subject, text, purpose: 'notice', at });
        log.warn({ channel: 'email' }, 'notice skipped: no e-mail channel (set SMTP_URL)');
        return;
      }
      if (smsProvider && noticeTemplate) {
        return sendProviderSms(config, to, { template: noticeTemplate, params: [['title', noticeTitle(subject)]] }, deps.sms);
      }
      if (outboxAllowed) return writeOutbox('sms', { to, subject, text, purpose: 'notice', at });
      log.warn({ channel: 'sms' }, 'notice skipped: no SMS channel (set SMS_PROVIDER with SMS_NOTICE_TEMPLATE_CODE)');
    },
  };
}
