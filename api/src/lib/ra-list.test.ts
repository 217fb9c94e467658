import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { contentRange, RA_MAX_RANGE, raListQuery, toRaList } from './ra-list';

const schema = raListQuery({
  sortFields: ['name', 'createdAt'],
  filter: z.strictObject({ status: z.enum(['open', 'closed']).optional() }),
  maxRange: 100,
});

const parse = (query: Record<string, string>) => schema.safeParse(query);
const paths = (query: Record<string, string>) => {
  const result = parse(query);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('raListQuery', () => {
  it('parses the three JSON parameters', () => {
    const result = parse({ sort: '["name","desc"]', range: '[10,19]', filter: '{"status":"open"}' });
    expect(result.success && result.data).toEqual({
      sort: ['name', 'DESC'],
      range: [10, 19],
      filter: { status: 'open' },
    });
  });

  it.each([
    [{ sort: 'name' }, 'sort'],
    [{ sort: '["email","ASC"]' }, 'sort.0'],
    [{ sort: '["name","SIDEWAYS"]' }, 'sort.1'],
    [{ sort: '["name"]' }, 'sort'],
    [{ range: '[5,4]' }, 'range'],
    [{ range: '[0,100]' }, 'range'],
    [{ range: '[0.5,3]' }, 'range.0'],
    [{ range: '{"from":0}' }, 'range'],
    [{ filter: '{"status":"lost"}' }, 'filter.status'],
    [{ filter: '{"owner":"x"}' }, 'filter'],
    [{ filter: '{' }, 'filter'],
  ])('refuses %j, naming %s', (query, path) => {
    expect(paths(query)).toEqual([path]);
  });

  it('accepts a range of exactly the maximum size', () => {
    expect(parse({ range: '[0,99]' }).success).toBe(true);
  });
});

describe('toRaList and contentRange', () => {
  it('turns a range into offset and limit, and a sort into lower-case order', () => {
    expect(toRaList({ sort: ['name', 'DESC'], range: [25, 49], filter: { status: 'open' } })).toEqual({
      sort: { field: 'name', order: 'desc' },
      offset: 25,
      limit: 25,
      filter: { status: 'open' },
    });
  });

  it('reads the first page of the largest size when no range is given (react-admin getMany)', () => {
    expect(toRaList({})).toEqual({ sort: null, offset: 0, limit: RA_MAX_RANGE, filter: undefined });
  });

  it('formats Content-Range from the rows actually returned', () => {
    expect(contentRange('vendors', 0, 25, 319)).toBe('vendors 0-24/319');
    expect(contentRange('vendors', 300, 19, 319)).toBe('vendors 300-318/319');
    expect(contentRange('vendors', 0, 0, 0)).toBe('vendors */0');
  });
});
