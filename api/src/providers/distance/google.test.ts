import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGoogleDistanceProvider } from './google';
import { createDistanceProvider, DistanceLookupError } from './index';

const API_KEY = 'test-key-should-never-leak';

// A local stand-in for the Distance Matrix endpoint, answering what each test sets.
type Reply = { status?: number; body: unknown };
let reply: Reply;
let requests: URL[] = [];
let server: Server;
let baseUrl: string;

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  requests.push(url);
  if (url.pathname !== '/maps/api/distancematrix/json') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
  res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  requests = [];
});

function matrix(element: unknown, status = 'OK') {
  return {
    destination_addresses: ['London EC1A 1BB, UK'],
    origin_addresses: ['London SW1A 1AA, UK'],
    rows: [{ elements: [element] }],
    status,
  };
}

describe('Google Distance Matrix provider', () => {
  const provider = () => createGoogleDistanceProvider({ apiKey: API_KEY, baseUrl: `${baseUrl}/` });

  it('asks for imperial units between the normalised postcodes and converts metres to miles', async () => {
    reply = {
      body: matrix({
        distance: { text: '2.5 mi', value: 4023 },
        duration: { text: '15 mins', value: 900 },
        status: 'OK',
      }),
    };
    const result = await provider().milesBetween('sw1a1aa', 'ec1a 1bb');
    expect(result).toEqual({ miles: 2.5, source: 'maps' }); // 4023 m = 2.4998 mi
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.searchParams.get('origins')).toBe('SW1A 1AA,UK');
    expect(request?.searchParams.get('destinations')).toBe('EC1A 1BB,UK');
    expect(request?.searchParams.get('units')).toBe('imperial');
    expect(request?.searchParams.get('key')).toBe(API_KEY);
  });

  it.each([
    [
      'top-level REQUEST_DENIED',
      { body: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', rows: [] } },
      'upstream_status',
      'REQUEST_DENIED',
    ],
    [
      'top-level OVER_QUERY_LIMIT',
      { body: { status: 'OVER_QUERY_LIMIT', rows: [] } },
      'upstream_status',
      'OVER_QUERY_LIMIT',
    ],
    ['element NOT_FOUND', { body: matrix({ status: 'NOT_FOUND' }) }, 'not_found', 'NOT_FOUND'],
    ['element ZERO_RESULTS', { body: matrix({ status: 'ZERO_RESULTS' }) }, 'zero_results', 'ZERO_RESULTS'],
    [
      'element MAX_ROUTE_LENGTH_EXCEEDED',
      { body: matrix({ status: 'MAX_ROUTE_LENGTH_EXCEEDED' }) },
      'upstream_status',
      'MAX_ROUTE_LENGTH_EXCEEDED',
    ],
    ['no elements', { body: { status: 'OK', rows: [] } }, 'bad_response', undefined],
    [
      'no distance value',
      { body: matrix({ status: 'OK', distance: { text: '?' } }) },
      'bad_response',
      undefined,
    ],
    ['HTTP 500', { status: 500, body: 'oops' }, 'upstream_http', '500'],
    ['invalid JSON', { body: '{not json' }, 'bad_response', undefined],
  ] as const)('%s -> %s', async (_, answer, code, upstreamStatus) => {
    reply = answer;
    const error = await provider()
      .milesBetween('SW1A 1AA', 'EC1A 1BB')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DistanceLookupError);
    expect(error).toMatchObject({ code, upstreamStatus });
    expect(String((error as Error).message)).not.toContain(API_KEY);
  });

  it('treats NOT_FOUND and ZERO_RESULTS as the customer’s input, not an outage', async () => {
    reply = { body: matrix({ status: 'ZERO_RESULTS' }) };
    await expect(provider().milesBetween('BT1 5GS', 'SW1A 1AA')).rejects.toMatchObject({
      isInputError: true,
    });
    reply = { body: { status: 'UNKNOWN_ERROR', rows: [] } };
    await expect(provider().milesBetween('BT1 5GS', 'SW1A 1AA')).rejects.toMatchObject({
      isInputError: false,
    });
  });

  it('does not spend a request on an invalid postcode', async () => {
    await expect(provider().milesBetween('not a postcode', 'EC1A 1BB')).rejects.toMatchObject({
      code: 'invalid_postcode',
    });
    expect(requests).toHaveLength(0);
  });

  it('reports an unreachable service without the key in the message', async () => {
    const closed = createGoogleDistanceProvider({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:1' });
    const error = await closed.milesBetween('SW1A 1AA', 'EC1A 1BB').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'upstream_unreachable' });
    expect((error as Error).message).not.toContain(API_KEY);
  });

  it('gives up after the timeout', async () => {
    const hanging = createGoogleDistanceProvider({
      apiKey: API_KEY,
      baseUrl,
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    });
    await expect(hanging.milesBetween('SW1A 1AA', 'EC1A 1BB')).rejects.toMatchObject({
      code: 'upstream_unreachable',
    });
  });
});

describe('createDistanceProvider', () => {
  it.each([
    [{}, 'estimate'],
    [{ googleMapsApiKey: '' }, 'estimate'],
    [{ googleMapsApiKey: '   ' }, 'estimate'],
    [{ googleMapsApiKey: 'abc' }, 'maps'],
  ])('%o -> %s', (options, name) => {
    expect(createDistanceProvider(options).name).toBe(name);
  });

  it('passes the base URL through to the Google provider', async () => {
    reply = { body: matrix({ status: 'OK', distance: { value: 16093 } }) };
    const provider = createDistanceProvider({ googleMapsApiKey: API_KEY, baseUrl });
    expect(await provider.milesBetween('M1 1AE', 'LS1 1UR')).toEqual({ miles: 10, source: 'maps' });
  });

  it('passes the centroid look-up through to the estimate', async () => {
    const provider = createDistanceProvider({ lookupCentroid: async () => ({ lat: 51.5, lon: -0.1 }) });
    expect(await provider.milesBetween('M1 1AE', 'LS1 1UR')).toEqual({ miles: 0, source: 'estimate' });
  });
});
