import { describe, expect, it } from 'vitest';
import { clientAddress, isLoopbackRequest, rateLimitKey } from './auth';

const request = (headers: Record<string, string>, peer?: string) => ({
  req: { header: (name: string) => headers[name.toLowerCase()] },
  env: peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } },
});

describe('clientAddress', () => {
  it('uses the socket peer and ignores X-Forwarded-For without TRUST_PROXY', () => {
    expect(clientAddress(request({ 'x-forwarded-for': '1.2.3.4' }, '203.0.113.9'), false)).toBe(
      '203.0.113.9',
    );
  });

  it('with TRUST_PROXY takes the address the proxy added (right-most), never the client-written left-most', () => {
    const forged = request({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7' }, '10.0.0.2');
    expect(clientAddress(forged, true)).toBe('198.51.100.7');
    // Two trusted proxies: the client is the second entry from the right.
    const twoHops = request({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.5' }, '10.0.0.2');
    expect(clientAddress(twoHops, true, 2)).toBe('198.51.100.7');
    // Rotating the forged part changes nothing.
    expect(clientAddress(request({ 'x-forwarded-for': '7.7.7.7, 198.51.100.7' }, '10.0.0.2'), true)).toBe(
      '198.51.100.7',
    );
  });

  it('falls back to the peer when the header is missing or not an address', () => {
    expect(clientAddress(request({}, '10.0.0.2'), true)).toBe('10.0.0.2');
    expect(clientAddress(request({ 'x-forwarded-for': 'garbage' }, '10.0.0.2'), true)).toBe('10.0.0.2');
  });

  it('keys IPv6 by its /64 and unwraps IPv4-mapped addresses', () => {
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8:1:2:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddress(request({}, '2001:db8:1:2::77'), false)).toBe('2001:db8:1:2::/64');
  });
});

describe('isLoopbackRequest', () => {
  it('accepts loopback peers and in-process requests, refuses others and anything proxied', () => {
    expect(isLoopbackRequest(request({}, '127.0.0.1'))).toBe(true);
    expect(isLoopbackRequest(request({}, '::1'))).toBe(true);
    expect(isLoopbackRequest(request({}, '::ffff:127.0.0.1'))).toBe(true);
    expect(isLoopbackRequest(request({}))).toBe(true);
    expect(isLoopbackRequest(request({}, '192.168.1.20'))).toBe(false);
    expect(isLoopbackRequest(request({ 'x-forwarded-for': '127.0.0.1' }, '127.0.0.1'))).toBe(false);
    // A proxy on this machine forwards with any of these; the socket alone says loopback.
    for (const header of ['x-real-ip', 'forwarded', 'x-forwarded-host', 'via']) {
      expect(isLoopbackRequest(request({ [header]: '127.0.0.1' }, '127.0.0.1'))).toBe(false);
      expect(isLoopbackRequest(request({ [header]: '127.0.0.1' }))).toBe(false);
    }
    expect(isLoopbackRequest(request({ 'x-real-ip': '127.0.0.1' }, '203.0.113.5'))).toBe(false);
  });
});
