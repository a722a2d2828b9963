// addressKey: per-address limits count an IPv4 address as it is and an IPv6 address by its /64.
import { describe, expect, it } from 'vitest';
import { addressKey, bucketName } from './throttle.js';

describe('addressKey', () => {
  it('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('::FFFF:192.168.0.1')).toBe('192.168.0.1');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const ip of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:9', '2001:DB8:1:2:a::b', '[2001:db8:1:2::5]', 'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::1')]) {
      expect(addressKey(ip)).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('64:ff9b::10.0.0.1')).toBe('64:ff9b:0:0::/64');
  });
});

describe('bucketName', () => {
  it('keeps short names and shortens long ones to a prefix and a digest, without collisions', () => {
    expect(bucketName('code:sms:13800000001')).toBe('code:sms:13800000001');
    const a = bucketName(`code:email:${'a'.repeat(200)}@example.com`);
    const b = bucketName(`code:email:${'a'.repeat(200)}@example.org`);
    expect(a.length).toBeLessThanOrEqual(160);
    expect(a).not.toBe(b);
  });
});
