import { describe, expect, it } from 'vitest';
import { InstitutionsError, notFound } from '../../modules/institutions/errors.ts';
import { refusalsOf, ValidationError } from '../domain-errors.ts';
import { errorAnswer } from './error-answer.ts';

describe('a service refusal at the edge', () => {
  it('answers a module error with the status of its kind and the documented body', () => {
    const error = notFound('No such institution.');
    expect(error).toBeInstanceOf(InstitutionsError);
    expect(errorAnswer(error)).toEqual({
      status: 404,
      body: { detail: 'No such institution.', code: 'not_found' },
    });
  });

  it('maps every kind to one status', () => {
    const { refused } = refusalsOf(InstitutionsError);
    const statuses = (
      [
        'invalid',
        'unauthenticated',
        'forbidden',
        'not_found',
        'conflict',
        'unprocessable',
        'throttled',
      ] as const
    ).map((kind) => errorAnswer(refused(kind, 'some_code', 'Something.'))?.status);
    expect(statuses).toEqual([400, 401, 403, 404, 409, 422, 429]);
  });

  it('answers field messages as 400 with the fields, and leaves a fault to the handler', () => {
    expect(errorAnswer(new ValidationError({ name: ['This field is required.'] }))).toEqual({
      status: 400,
      body: { name: ['This field is required.'] },
    });
    expect(errorAnswer(new Error('boom'))).toBeNull();
  });
});
