import { describe, expect, it } from 'vitest';
import { browserOrigin, currentLinkOrigin, linkBase, onOrigin, withLinkOrigin } from './origin';

const request = (url: string, origin?: string) => ({
  url,
  header: (name: string) => (name.toLowerCase() === 'origin' ? origin : undefined),
});
const dev = { env: 'development' as const, publicUrl: 'http://localhost:3000' };
const prod = { env: 'production' as const, publicUrl: 'https://consign.example' };
const stagingUrl = { env: 'development' as const, publicUrl: 'https://staging.consign.example' };

describe('browserOrigin', () => {
  it.each([
    // [config, request URL, Origin header, expected]
    [dev, 'http://127.0.0.1:3000/api/v1/orders/1/payment', undefined, 'http://127.0.0.1:3000'],
    [dev, 'http://localhost:3000/api/v1/x', 'http://127.0.0.1:5173', 'http://127.0.0.1:5173'], // dev proxy
    [dev, 'http://localhost:3000/api/v1/x', 'null', 'http://localhost:3000'], // opaque origin ignored
    [dev, 'http://localhost:3000/api/v1/x', 'javascript:alert(1)', 'http://localhost:3000'],
    [dev, 'http://localhost:3000/api/v1/x', 'not a url', 'http://localhost:3000'],
    [dev, 'http://localhost:3000/api/v1/x', 'http://[::1]:8080', 'http://[::1]:8080'],
    // Outside production a foreign Origin or Host header never names the link's host.
    [dev, 'http://localhost:3000/api/v1/x', 'https://evil.example', 'http://localhost:3000'],
    [dev, 'http://evil.example/api/v1/x', undefined, 'http://localhost:3000'],
    [dev, 'http://127.0.0.1.evil.example/api/v1/x', undefined, 'http://localhost:3000'],
    [stagingUrl, 'http://evil.example/api/v1/x', 'https://evil.example', 'https://staging.consign.example'],
    [stagingUrl, 'http://x/api/v1/x', 'https://staging.consign.example', 'https://staging.consign.example'],
    [prod, 'http://attacker.example/api/v1/x', 'http://attacker.example', 'https://consign.example'],
    [prod, 'http://127.0.0.1:3000/api/v1/x', undefined, 'https://consign.example'],
  ] as const)('%o, %s, Origin %s -> %s', (config, url, origin, expected) => {
    expect(browserOrigin(config, request(url, origin))).toBe(expected);
  });

  it('falls back to PUBLIC_URL without a request', () => {
    expect(browserOrigin(dev)).toBe('http://localhost:3000');
  });
});

describe('onOrigin', () => {
  it('moves a URL onto another origin, keeping path, query and fragment', () => {
    expect(onOrigin('http://localhost:3000/a/b?c=1#d', 'http://127.0.0.1:3000')).toBe(
      'http://127.0.0.1:3000/a/b?c=1#d',
    );
    expect(onOrigin('not a url', 'http://127.0.0.1:3000')).toBe('not a url');
  });
});

describe('linkBase', () => {
  it('is the origin being served, else PUBLIC_URL; always PUBLIC_URL in production', () => {
    expect(linkBase(dev)).toBe('http://localhost:3000');
    expect(currentLinkOrigin()).toBeNull();
    withLinkOrigin('http://127.0.0.1:3000', () => {
      expect(linkBase(dev)).toBe('http://127.0.0.1:3000');
      expect(currentLinkOrigin()).toBe('http://127.0.0.1:3000');
      expect(linkBase(prod)).toBe('https://consign.example');
      withLinkOrigin(undefined, () => expect(linkBase(dev)).toBe('http://localhost:3000'));
    });
  });
});
