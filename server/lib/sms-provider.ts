// Aliyun SMS (dysmsapi, RPC signature v1) and Tencent Cloud SMS (TC3-HMAC-SHA256) adapters.
import crypto from 'node:crypto';
import type { TConfig } from '../config.js';

/** One SMS: the provider template and its variables, in the template's order (Tencent fills by position). */
export type TSmsMessage = { template: string; params: [name: string, value: string][] };

/** Seams for tests and self-hosted gateways: where requests go, the clock and the nonce. */
export type TSmsTransport = {
  /** Base URL replacing https://dysmsapi.aliyuncs.com or https://sms.tencentcloudapi.com. */
  endpoint?: string;
  now?: () => Date;
  nonce?: () => string;
  timeoutMs?: number;
};

const ALIYUN_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
const TENCENT_ENDPOINT = 'https://sms.tencentcloudapi.com';

function requireSmsConfig(config: TConfig) {
  const { SMS_ACCESS_KEY_ID: id, SMS_ACCESS_KEY_SECRET: secret, SMS_SIGN_NAME: sign } = config;
  if (!id || !secret || !sign) {
    throw new Error('SMS_PROVIDER needs SMS_ACCESS_KEY_ID, SMS_ACCESS_KEY_SECRET and SMS_SIGN_NAME');
  }
  return { id, secret, sign };
}

const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Aliyun RPC signature v1: HMAC-SHA1 over `GET&%2F&` + the encoded, sorted query, keyed with `secret&`. */
export function aliyunSignedUrl(params: Record<string, string>, secret: string, endpoint = ALIYUN_ENDPOINT): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(params[k]!)}`)
    .join('&');
  const toSign = `GET&${rfc3986('/')}&${rfc3986(canonical)}`;
  const signature = crypto.createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
  return `${endpoint.replace(/\/+$/, '')}/?Signature=${rfc3986(signature)}&${canonical}`;
}

/** Tencent Cloud API 3.0 TC3-HMAC-SHA256 Authorization header for a JSON POST to `/`. */
export function tc3Authorization(args: { secretId: string; secretKey: string; service: string; host: string; timestamp: number; payload: string }): string {
  const date = new Date(args.timestamp * 1000).toISOString().slice(0, 10);
  const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
  const hmac = (key: crypto.BinaryLike, s: string) => crypto.createHmac('sha256', key).update(s).digest();
  const canonical = `POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:${args.host}\n\ncontent-type;host\n${sha(args.payload)}`;
  const scope = `${date}/${args.service}/tc3_request`;
  const toSign = `TC3-HMAC-SHA256\n${args.timestamp}\n${scope}\n${sha(canonical)}`;
  const key = hmac(hmac(hmac(`TC3${args.secretKey}`, date), args.service), 'tc3_request');
  const signature = crypto.createHmac('sha256', key).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${args.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

/** Sends one SMS through the configured provider; throws when the provider refuses it. */
export async function sendProviderSms(config: TConfig, mobile: string, message: TSmsMessage, transport: TSmsTransport = {}): Promise<void> {
  const c = requireSmsConfig(config);
  if (!message.template) throw new Error('SMS template code is empty');
  const now = transport.now?.() ?? new Date();
  const signal = AbortSignal.timeout(transport.timeoutMs ?? 10_000);
  if (config.SMS_PROVIDER === 'aliyun') {
    const url = aliyunSignedUrl(
      {
        AccessKeyId: c.id,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: mobile,
        RegionId: 'cn-hangzhou',
        SignName: c.sign,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: transport.nonce?.() ?? crypto.randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: message.template,
        TemplateParam: JSON.stringify(Object.fromEntries(message.params)),
        Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      },
      c.secret,
      transport.endpoint,
    );
    const res = await fetch(url, { signal });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (body.Code !== 'OK') throw new Error(`aliyun sms failed: HTTP ${res.status} ${body.Code} ${body.Message}`);
    return;
  }
  if (config.SMS_PROVIDER !== 'tencent') throw new Error(`SMS_PROVIDER=${config.SMS_PROVIDER} is not a provider`);
  // Tencent Cloud SMS 2021-01-11; the template is `appId:templateId`
  const endpoint = new URL(transport.endpoint ?? TENCENT_ENDPOINT);
  const timestamp = Math.floor(now.getTime() / 1000);
  const [appId, templateId] = message.template.split(':');
  const payload = JSON.stringify({
    PhoneNumberSet: [`+86${mobile}`],
    SmsSdkAppId: appId,
    SignName: c.sign,
    TemplateId: templateId,
    TemplateParamSet: message.params.map(([, value]) => value),
  });
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      authorization: tc3Authorization({ secretId: c.id, secretKey: c.secret, service: 'sms', host: endpoint.host, timestamp, payload }),
      'content-type': 'application/json; charset=utf-8',
      'x-tc-action': 'SendSms',
      'x-tc-timestamp': String(timestamp),
      'x-tc-version': '2021-01-11',
      'x-tc-region': 'ap-guangzhou',
    },
    body: payload,
    signal,
  });
  const body = (await res.json().catch(() => ({}))) as { Response?: { Error?: { Message: string }; SendStatusSet?: { Code: string; Message: string }[] } };
  const status = body.Response?.SendStatusSet?.[0];
  if (body.Response?.Error || status?.Code !== 'Ok') throw new Error(`tencent sms failed: HTTP ${res.status} ${body.Response?.Error?.Message ?? status?.Message}`);
}
