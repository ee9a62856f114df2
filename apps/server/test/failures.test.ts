import { describe, expect, it } from 'vitest';
import {
  answeredFailureCode,
  Failure,
  failureCodeOf,
  failureMessageOf,
  failureMessages,
  type FailureCode,
} from '@despensa/contracts';
import { failureStatus } from '../src/http/failure-status';

const codes = Object.keys(failureMessages) as FailureCode[];

describe('failure codes', () => {
  it.each(codes)('%s has an HTTP status and a Spanish message', (code) => {
    expect(failureStatus[code]).toBeGreaterThanOrEqual(400);
    expect(failureStatus[code]).toBeLessThan(600);
    expect(failureMessages[code].trim()).not.toBe('');
  });

  it("reads every code the API sends by its shape (the browser's check, without the messages)", () => {
    for (const code of codes) expect(answeredFailureCode({ code, message: 'x' })).toBe(code);
    for (const payload of [
      null,
      'x',
      {},
      { code: 5 },
      { code: '23505' },
      { code: 'FST_ERR_X' },
      { code: '' },
    ])
      expect(answeredFailureCode(payload)).toBeUndefined();
  });

  it('the status table names no code that does not exist', () => {
    expect(Object.keys(failureStatus).sort()).toEqual([...codes].sort());
  });

  it('a thrown Failure tells its code and, without a message of its own, the table text', () => {
    const failure = new Failure('productNotFound');
    expect(failureCodeOf(failure)).toBe('productNotFound');
    expect(failureMessageOf(failure)).toBe('Producto no encontrado');
    expect(failureCodeOf(new Error('boom'))).toBeUndefined();
    expect(failureMessageOf(new Error('boom'))).toBe(failureMessages.internal);
  });
});
