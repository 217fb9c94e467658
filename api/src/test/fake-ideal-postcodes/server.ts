/**
 * A local fake of Ideal Postcodes' postcode look-up (`GET /v1/postcodes/{postcode}`), built from
 * the company's published OpenAPI document (see contract.ts):
 *
 * - the key is taken from `api_key` in the query or `Authorization: api_key="…"`, as the
 *   document's Authentication section describes; a wrong or missing key answers 401 (4010);
 * - query parameters the operation does not declare, or values outside their schemas, answer
 *   400 with the validator's `errors`, as the document's BadRequestResponse shows;
 * - postcodes are space and case insensitive; an unknown one answers 404 (4040) with
 *   suggestions; more than 100 premises are paged with `page`, as the description says;
 * - every answer is checked against the document's schema for its status before it is sent.
 *   An answer that breaks it is a bug in the fake: it is recorded in `problems` and sent as a
 *   500, so tests assert `problems` is empty.
 *
 * Faults for resilience tests: a spent balance (402, 4020), rate limiting (503), a server error,
 * a dropped connection, or a slow answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ContractIssue, IdealPostcodesContract } from './contract';

const OPERATION = '/postcodes/{postcode}';
const PAGE_SIZE = 100;

/** A PAF address as the API returns it; build one with pafAddress(). */
export type PafRecord = Record<string, string | number>;

export type FakeFault = {
  status?: 402 | 500 | 503;
  drop?: boolean;
  delayMs?: number;
  /** How many requests it affects (default 1). */
  times?: number;
};

export type RecordedLookup = {
  postcode: string;
  query: Record<string, string>;
  /** How the key came: never the key itself, which must not end up in test output. */
  keyVia: 'query' | 'header' | 'none';
  status: number;
};

export type FakeIdealPostcodes = {
  url: string;
  apiKey: string;
  /** Contract violations in the fake's own answers, and exceptions inside it. */
  problems: string[];
  /** Requests refused as contract violations, with the reasons. */
  rejected: ContractIssue[][];
  requests: RecordedLookup[];
  injectFault(fault: FakeFault): void;
  close(): Promise<void>;
};

export type FakeIdealPostcodesOptions = {
  apiKey?: string;
  /** Premises by postcode (any spacing or case). */
  addresses?: Record<string, PafRecord[]>;
};

const squash = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

/**
 * A complete PAF record in the document's shape (its example is 10 Downing Street); the
 * values given replace the defaults, and the lines and identifiers follow from them.
 */
export function pafAddress(fields: {
  postcode: string;
  line_1: string;
  line_2?: string;
  line_3?: string;
  post_town: string;
  county?: string;
  udprn: number;
  country?: 'England' | 'Scotland' | 'Wales' | 'Northern Ireland';
  organisation_name?: string;
}): PafRecord {
  const postcode = fields.postcode.toUpperCase();
  const [outward = '', inward = ''] = postcode.split(' ');
  return {
    postcode,
    postcode_inward: inward,
    postcode_outward: outward,
    post_town: fields.post_town,
    dependant_locality: '',
    double_dependant_locality: '',
    thoroughfare: '',
    dependant_thoroughfare: '',
    building_number: '',
    building_name: '',
    sub_building_name: '',
    po_box: '',
    department_name: '',
    organisation_name: fields.organisation_name ?? '',
    udprn: fields.udprn,
    postcode_type: 'S',
    su_organisation_indicator: '',
    delivery_point_suffix: '1A',
    line_1: fields.line_1,
    line_2: fields.line_2 ?? '',
    line_3: fields.line_3 ?? '',
    premise: fields.line_1,
    longitude: -0.12767,
    latitude: 51.503541,
    eastings: 530047,
    northings: 179951,
    country: fields.country ?? 'England',
    traditional_county: fields.county ?? '',
    administrative_county: '',
    postal_county: fields.county ?? '',
    county: fields.county ?? '',
    district: '',
    ward: '',
    uprn: String(100000000000 + fields.udprn),
    id: `paf_${fields.udprn}`,
    country_iso: 'GBR',
    country_iso_2: 'GB',
    county_code: '',
    language: 'en',
    umprn: '',
    dataset: 'paf',
  };
}

export async function startFakeIdealPostcodes(
  options: FakeIdealPostcodesOptions = {},
): Promise<FakeIdealPostcodes> {
  const contract = IdealPostcodesContract.load();
  const apiKey = options.apiKey ?? 'ak_fake_consign_tests';
  const premises = new Map(Object.entries(options.addresses ?? {}).map(([pc, list]) => [squash(pc), list]));
  const problems: string[] = [];
  const rejected: ContractIssue[][] = [];
  const requests: RecordedLookup[] = [];
  const faults: (FakeFault & { left: number })[] = [];

  function keyOf(
    req: IncomingMessage,
    query: URLSearchParams,
  ): { key?: string; via: RecordedLookup['keyVia'] } {
    const fromQuery = query.get('api_key');
    if (fromQuery !== null) return { key: fromQuery, via: 'query' };
    const header = /(?:^|\s)api_key="([^"]*)"/.exec(req.headers.authorization ?? '');
    return header ? { key: header[1], via: 'header' } : { via: 'none' };
  }

  function answer(res: ServerResponse, status: number, body: unknown) {
    const issues = contract.validateResponse('get', OPERATION, status, body);
    if (issues.length > 0) {
      problems.push(`${status} answer violates the contract: ${JSON.stringify(issues)}`);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 5000, message: 'fake broke the contract' }));
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const match = /^\/v1\/postcodes\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'GET' || !match?.[1]) {
      problems.push(`unexpected request ${req.method} ${url.pathname}`);
      res.writeHead(404).end();
      return;
    }
    const postcode = decodeURIComponent(match[1]);
    const { key, via } = keyOf(req, url.searchParams);
    const query = Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'api_key'));
    const record = (status: number) => requests.push({ postcode, query, keyVia: via, status });

    const fault = faults.find((f) => f.left > 0);
    if (fault) {
      fault.left -= 1;
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault.drop) {
        record(0);
        req.socket.destroy();
        return;
      }
      if (fault.status) {
        record(fault.status);
        const bodies = {
          402: { code: 4020, message: 'Token balance depleted' },
          500: { code: 5000, message: 'Internal server error' },
          503: { code: 4290, message: 'Request is being rate limited' },
        } as const;
        answer(res, fault.status, bodies[fault.status]);
        return;
      }
    }

    const issues = contract.validateQuery('get', OPERATION, url.searchParams);
    if (issues.length > 0) {
      rejected.push(issues);
      record(400);
      answer(res, 400, { code: 4000, message: 'Bad Request', errors: issues });
      return;
    }
    if (key !== apiKey) {
      record(401);
      answer(res, 401, { code: 4010, message: 'Invalid Key. Please check your API Key' });
      return;
    }
    const found = premises.get(squash(postcode));
    if (!found) {
      record(404);
      const outward = squash(postcode).slice(0, -3);
      const suggestions = [...premises.keys()].filter((pc) => outward && pc.startsWith(outward)).slice(0, 5);
      answer(res, 404, {
        code: 4040,
        message: 'Postcode not found',
        suggestions: suggestions.map((pc) => `${pc.slice(0, -3)} ${pc.slice(-3)}`),
      });
      return;
    }
    const page = Number(url.searchParams.get('page') ?? 0);
    record(200);
    answer(res, 200, {
      result: found.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE),
      code: 2000,
      message: 'Success',
      limit: PAGE_SIZE,
      page,
      total: found.length,
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      problems.push(`fake threw: ${err instanceof Error ? err.stack : String(err)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    problems,
    rejected,
    requests,
    injectFault(fault) {
      faults.push({ ...fault, left: fault.times ?? 1 });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
