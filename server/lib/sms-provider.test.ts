// The SMS adapters' request signing: published vectors, and the requests they send to a local
// HTTP server standing in for Aliyun and Tencent Cloud.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { aliyunSignedUrl, sendProviderSms, tc3Authorization } from './sms-provider.js';

type THit = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
let hits: THit[] = [];
let answer: unknown = {};
let server: http.Server;
let endpoint = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  hits = [];
});

const NOW = new Date('2024-05-01T08:00:00.123Z');
const transport = () => ({ endpoint, now: () => NOW, nonce: () => 'nonce-0001' });
const configFor = (provider: 'aliyun' | 'tencent', template: string) =>
  loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: provider, SMS_ACCESS_KEY_ID: 'testId', SMS_ACCESS_KEY_SECRET: 'testSecret', SMS_SIGN_NAME: '仪采通', SMS_TEMPLATE_CODE: template });

describe('Aliyun dysmsapi, signature v1 (HMAC-SHA1)', () => {
  it('reproduces the example of the Aliyun SMS signature documentation', () => {
    const url = aliyunSignedUrl(
      {
        AccessKeyId: 'testId',
        Action: 'SendSms',
        Format: 'XML',
        OutId: '123',
        PhoneNumbers: '15300000001',
        RegionId: 'cn-hangzhou',
        SignName: '阿里云短信测试专用',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
        SignatureVersion: '1.0',
        TemplateCode: 'SMS_71390007',
        TemplateParam: '{"customer":"test"}',
        Timestamp: '2017-07-12T02:42:19Z',
        Version: '2017-05-25',
      },
      'testSecret',
    );
    expect(url).toMatch(/^https:\/\/dysmsapi\.aliyuncs\.com\/\?Signature=zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D&AccessKeyId=testId&Action=SendSms&/);
    expect(url).toContain('&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8&');
    expect(url).toContain('&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&');
  });

  it('sends a signed GET whose Signature matches the HMAC-SHA1 of the canonical query', async () => {
    answer = { Code: 'OK', Message: 'OK' };
    await sendProviderSms(configFor('aliyun', 'SMS_100001'), '13800000000', { template: 'SMS_100001', params: [['code', '4821']] }, transport());
    expect(hits).toHaveLength(1);
    const hit = hits[0]!;
    expect(hit.method).toBe('GET');
    const url = new URL(hit.url, endpoint);
    expect(url.pathname).toBe('/');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({
      Signature: expect.any(String),
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13800000000',
      RegionId: 'cn-hangzhou',
      SignName: '仪采通',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: 'nonce-0001',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_100001',
      TemplateParam: '{"code":"4821"}',
      Timestamp: '2024-05-01T08:00:00Z',
      Version: '2017-05-25',
    });
    // the scheme, written out again: percent-encode (RFC 3986), sort, sign "GET&%2F&" + encoded query
    const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const { Signature, ...unsigned } = params;
    const query = Object.keys(unsigned)
      .sort()
      .map((k) => `${enc(k)}=${enc(unsigned[k]!)}`)
      .join('&');
    const expected = crypto.createHmac('sha1', 'testSecret&').update(`GET&%2F&${enc(query)}`).digest('base64');
    expect(Signature).toBe(expected);
  });

  it('throws with the provider answer when the send is refused', async () => {
    answer = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' };
    await expect(sendProviderSms(configFor('aliyun', 'SMS_100001'), '13800000000', { template: 'SMS_100001', params: [['code', '4821']] }, transport())).rejects.toThrow(
      /aliyun sms failed: .*isv\.BUSINESS_LIMIT_CONTROL/,
    );
  });

  it('refuses to send without credentials', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), SMS_PROVIDER: 'aliyun' as const };
    await expect(sendProviderSms(config, '13800000000', { template: 'SMS_1', params: [['code', '1']] }, transport())).rejects.toThrow(/SMS_ACCESS_KEY_ID/);
    expect(hits).toHaveLength(0);
  });
});

describe('Tencent Cloud SMS, TC3-HMAC-SHA256', () => {
  it('reproduces the example of the Tencent Cloud API 3.0 signature documentation', () => {
    const payload = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
    expect(crypto.createHash('sha256').update(payload).digest('hex')).toBe('35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064');
    const authorization = tc3Authorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      timestamp: 1551113065,
      payload,
    });
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('sends a signed POST whose Authorization matches the received host, body and timestamp', async () => {
    answer = { Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success' }], RequestId: 'r-1' } };
    await sendProviderSms(configFor('tencent', '1400000001:100002'), '13800000000', { template: '1400000001:100002', params: [['code', '4821']] }, transport());
    expect(hits).toHaveLength(1);
    const hit = hits[0]!;
    expect(hit.method).toBe('POST');
    expect(hit.url).toBe('/');
    expect(hit.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-region': 'ap-guangzhou',
      'x-tc-timestamp': String(Math.floor(NOW.getTime() / 1000)),
    });
    expect(JSON.parse(hit.body)).toEqual({ PhoneNumberSet: ['+8613800000000'], SmsSdkAppId: '1400000001', SignName: '仪采通', TemplateId: '100002', TemplateParamSet: ['4821'] });
    // the scheme, written out again from what the server received
    const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
    const hmac = (key: crypto.BinaryLike, s: string) => crypto.createHmac('sha256', key).update(s).digest();
    const timestamp = hit.headers['x-tc-timestamp'] as string;
    const date = '2024-05-01';
    const canonical = ['POST', '/', '', `content-type:${hit.headers['content-type']}`, `host:${hit.headers.host}`, '', 'content-type;host', sha(hit.body)].join('\n');
    const toSign = ['TC3-HMAC-SHA256', timestamp, `${date}/sms/tc3_request`, sha(canonical)].join('\n');
    const signature = crypto.createHmac('sha256', hmac(hmac(hmac('TC3testSecret', date), 'sms'), 'tc3_request')).update(toSign).digest('hex');
    expect(hit.headers.authorization).toBe(`TC3-HMAC-SHA256 Credential=testId/${date}/sms/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`);
  });

  it('throws with the provider answer when the send is refused', async () => {
    answer = { Response: { SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'the number of sms messages sent from a single mobile number every day exceeds the upper limit' }] } };
    await expect(sendProviderSms(configFor('tencent', '1:2'), '13800000000', { template: '1:2', params: [['code', '4821']] }, transport())).rejects.toThrow(/tencent sms failed: .*upper limit/);
    answer = { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' } } };
    await expect(sendProviderSms(configFor('tencent', '1:2'), '13800000000', { template: '1:2', params: [['code', '4821']] }, transport())).rejects.toThrow(/credentials could not be validated/);
  });
});
