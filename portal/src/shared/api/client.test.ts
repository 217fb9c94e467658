import { describe, expect, it } from 'vitest';
import { ApiError, fieldErrorsOf, saveErrorMessage } from './client';

const refused = new ApiError({
  type: 'about:blank',
  title: 'Unprocessable Content',
  status: 422,
  errors: [
    { path: 'trackingNumber', message: 'Another order already has this tracking number' },
    { path: 'note', message: 'Say what happened: a note is required with this event' },
  ],
});

describe('fieldErrorsOf', () => {
  it('gives a 422’s messages by field path', () => {
    expect(fieldErrorsOf(refused)).toEqual({
      trackingNumber: 'Another order already has this tracking number',
      note: 'Say what happened: a note is required with this event',
    });
  });

  it('gives nothing for any other error', () => {
    const conflict = new ApiError({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'Moved on',
    });
    expect(fieldErrorsOf(conflict)).toEqual({});
    expect(fieldErrorsOf(new Error('offline'))).toEqual({});
    expect(fieldErrorsOf(new ApiError({ type: 'about:blank', title: 'Unprocessable', status: 422 }))).toEqual(
      {},
    );
  });

  it('agrees with the toast, which joins the same messages', () => {
    expect(saveErrorMessage(refused, 'Failed')).toBe(Object.values(fieldErrorsOf(refused)).join('. '));
  });
});
