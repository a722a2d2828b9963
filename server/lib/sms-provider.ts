// Aliyun SMS (dysmsapi, RPC signature v1) and Tencent Cloud SMS (TC3-HMAC-SHA256) adapters.
import crypto from 'node:crypto';
import type { TConfig } from '../config.js';

function requireSmsConfig(config: TConfig) {
  const { SMS_ACCESS_KEY_ID: id, SMS_ACCESS_KEY_SECRET: secret, SMS_SIGN_NAME: sign, SMS_TEMPLATE_CODE: template } = config;
  if (!id || !secret || !sign || !template) {
    throw new Error('SMS_PROVIDER needs SMS_ACCESS_KEY_ID, SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME and SMS_TEMPLATE_CODE');
  }
  return { id, secret, sign, template };
}

const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function aliyunSignedUrl(params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(params[k]!)}`)
    .join('&');
  const toSign = `GET&${rfc3986('/')}&${rfc3986(canonical)}`;
  const signature = crypto.createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
  return `https://dysmsapi.aliyuncs.com/?Signature=${rfc3986(signature)}&${canonical}`;
}

export async function sendProviderSms(config: TConfig, mobile: string, code: string): Promise<void> {
  const c = requireSmsConfig(config);
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
        SignatureNonce: crypto.randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: c.template,
        TemplateParam: JSON.stringify({ code }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      },
      c.secret,
    );
    const res = await fetch(url);
    const body = (await res.json()) as { Code?: string; Message?: string };
    if (body.Code !== 'OK') throw new Error(`aliyun sms failed: ${body.Code} ${body.Message}`);
    return;
  }
  // Tencent Cloud SMS 2021-01-11, TC3-HMAC-SHA256
  const host = 'sms.tencentcloudapi.com';
  const timestamp = Math.floor(Date.now() / 1000);
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const [appId, templateId] = c.template.split(':');
  const payload = JSON.stringify({
    PhoneNumberSet: [`+86${mobile}`],
    SmsSdkAppId: appId,
    SignName: c.sign,
    TemplateId: templateId,
    TemplateParamSet: [code],
  });
  const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
  const hmac = (key: crypto.BinaryLike, s: string) => crypto.createHmac('sha256', key).update(s).digest();
  const canonical = `POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:${host}\n\ncontent-type;host\n${sha(payload)}`;
  const scope = `${date}/sms/tc3_request`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha(canonical)}`;
  const key = hmac(hmac(hmac(`TC3${c.secret}`, date), 'sms'), 'tc3_request');
  const signature = crypto.createHmac('sha256', key).update(toSign).digest('hex');
  const res = await fetch(`https://${host}`, {
    method: 'POST',
    headers: {
      authorization: `TC3-HMAC-SHA256 Credential=${c.id}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
      'content-type': 'application/json; charset=utf-8',
      host,
      'x-tc-action': 'SendSms',
      'x-tc-timestamp': String(timestamp),
      'x-tc-version': '2021-01-11',
      'x-tc-region': 'ap-guangzhou',
    },
    body: payload,
  });
  const body = (await res.json()) as { Response?: { Error?: { Message: string }; SendStatusSet?: { Code: string; Message: string }[] } };
  const status = body.Response?.SendStatusSet?.[0];
  if (body.Response?.Error || status?.Code !== 'Ok') throw new Error(`tencent sms failed: ${body.Response?.Error?.Message ?? status?.Message}`);
}
