import { errorBody } from '@bp/contracts';
import { z } from 'zod';

/** Documented error answers every route may give (DESIGN.md §4). 400 is `{field: [messages]}` or `{detail, code}`. */
export const errorResponses = {
  400: z.record(z.string(), z.unknown()).describe('Validation errors: {field: ["message"]}'),
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};
