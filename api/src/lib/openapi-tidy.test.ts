import { describe, expect, it } from 'vitest';
import { tidyOpenApi, typedForViewer } from './openapi-tidy';

const doc = (schemas: Record<string, unknown>) => ({ components: { schemas } }) as never;

describe('tidyOpenApi', () => {
  it('joins a union of bare types into one list of types, and a union of enums into one enum', () => {
    const out = tidyOpenApi(
      doc({
        Cell: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        Level: {
          anyOf: [
            { type: 'number', enum: [2] },
            { type: 'number', enum: [4] },
          ],
          description: 'Depth',
        },
        Kind: {
          anyOf: [
            { type: 'string', enum: ['a', 'b'] },
            { type: 'string', enum: [''] },
          ],
        },
      }),
    ) as { components: { schemas: Record<string, unknown> } };
    expect(out.components.schemas).toEqual({
      Cell: { type: ['string', 'number'] },
      Level: { type: 'number', enum: [2, 4], description: 'Depth' },
      Kind: { type: 'string', enum: ['a', 'b', ''] },
    });
  });

  it('leaves unions it cannot join as they are', () => {
    const schemas = {
      // Some branches limited to an enum, others not: joining would widen the enum.
      Mixed: { anyOf: [{ type: 'string', enum: [''] }, { type: 'number' }] },
      // A pattern is more than a type.
      Time: {
        anyOf: [
          { type: 'string', pattern: '^\\d\\d:\\d\\d$' },
          { type: 'string', enum: [''] },
        ],
      },
      Nullable: { oneOf: [{ $ref: '#/components/schemas/Cell' }, { type: 'null' }] },
      List: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    };
    expect(tidyOpenApi(doc(structuredClone(schemas)))).toEqual(doc(schemas));
  });

  it('turns an allOf that only describes a $ref into the $ref with its description', () => {
    const out = tidyOpenApi(
      doc({
        Order: {
          type: 'object',
          properties: {
            status: { allOf: [{ $ref: '#/components/schemas/Status' }, { description: 'After the move' }] },
            both: { allOf: [{ $ref: '#/components/schemas/A' }, { type: 'object', properties: {} }] },
          },
        },
      }),
    ) as { components: { schemas: { Order: { properties: Record<string, unknown> } } } };
    expect(out.components.schemas.Order.properties.status).toEqual({
      $ref: '#/components/schemas/Status',
      description: 'After the move',
    });
    expect(out.components.schemas.Order.properties.both).toHaveProperty('allOf');
  });
});

describe('typedForViewer', () => {
  const schemas = {
    Address: { type: 'object', properties: { town: { type: 'string' } } },
    Status: { type: 'string', enum: ['paid', 'sent'] },
    Order: {
      type: 'object',
      properties: {
        address: { oneOf: [{ $ref: '#/components/schemas/Address' }, { type: 'null' }] },
        from: { oneOf: [{ $ref: '#/components/schemas/Status' }, { type: 'null' }] },
        to: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      },
    },
    Admin: { allOf: [{ $ref: '#/components/schemas/Order' }, { type: 'object', properties: {} }] },
    Unknown: { anyOf: [{ $ref: '#/components/schemas/Missing' }, { type: 'null' }] },
  };

  it('names the type of every composition, following $refs, in a copy', () => {
    const input = doc(structuredClone(schemas));
    const out = typedForViewer(input) as {
      components: {
        schemas: {
          Order: { properties: Record<'address' | 'from' | 'to', { type: unknown }> };
          Admin: { type?: unknown };
          Unknown: { type?: unknown };
        };
      };
    };
    const props = out.components.schemas.Order.properties;
    expect(props.address.type).toEqual(['object', 'null']);
    expect(props.from.type).toEqual(['string', 'null']);
    expect(props.to.type).toEqual(['string', 'array']);
    expect(out.components.schemas.Admin.type).toBe('object');
    // A type it cannot tell is left off rather than guessed.
    expect(out.components.schemas.Unknown.type).toBeUndefined();
    // The contract itself is untouched.
    expect(input).toEqual(doc(schemas));
  });
});
