/**
 * Bad inputs generated from the OpenAPI document, so that every operation (new ones included) is
 * fuzzed without anyone listing it: each path parameter replaced by garbage, each query parameter and
 * each body field given a wrong type, control characters, huge text and huge numbers, and the body as a
 * whole malformed, of the wrong type or of the wrong content type.
 */

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface BadInput {
  /** What is wrong with it, for the failure message. */
  label: string;
  /** Replaces the filled path, when the garbage is in the path. */
  url?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Raw payload (already serialised), sent with `headers['content-type']`. */
  payload?: string;
}

const HUGE_TEXT = 'x'.repeat(70_000);

/** Garbage for a path parameter: none of it is an id of anything. */
export const PATH_GARBAGE = [
  'not-a-guid',
  '0',
  '-1',
  '1.5',
  '1e309',
  '99999999999999999999999',
  'null',
  '%00',
  'a%00b',
  '%01%02',
  '%20',
  "'%3B%20drop%20table%20users%3B--",
  'a'.repeat(400),
  '00000000-0000-0000-0000-00000000000g',
  '%7B%7D',
  '%E2%80%AE',
  '..%2F..%2Fetc%2Fpasswd',
  '00000000-0000-4000-8000-000000000000%00',
];

/** Headers no route accepts as credentials (only counted for routes that need a sign-in). */
export const AUTH_GARBAGE = [
  'Bearer',
  'Bearer ',
  'Bearer x.y.z',
  'Basic dXNlcjpwYXNz',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  `Bearer ${'a'.repeat(5000)}`,
];

function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf ?? [];
  return [...new Set(branches.flatMap(typesOf))];
}

/** An object schema's own shape, looking through anyOf/oneOf/allOf (a nullable object, a union). */
export function objectSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  for (const branch of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = objectSchema(branch);
    if (found) return found;
  }
  return undefined;
}

/** A value of the wrong type for a schema: one the schema can never take. */
function wrongType(schema: JsonSchema): unknown {
  const types = typesOf(schema);
  if (!types.includes('object')) return { unexpected: 'object' };
  if (!types.includes('array')) return ['unexpected', 'array'];
  if (!types.includes('boolean')) return true;
  return 12_345;
}

/** Bad values for one body field, given its schema. */
export function badFieldValues(schema: JsonSchema): { label: string; value: unknown }[] {
  const types = typesOf(schema);
  const values: { label: string; value: unknown }[] = [{ label: 'wrong type', value: wrongType(schema) }];
  if (types.includes('string') || types.length === 0) {
    values.push(
      { label: 'NUL', value: 'before\u0000after' },
      { label: 'control characters', value: 'bell\u0007escape\u001b[31m' },
      { label: 'unpaired surrogate', value: 'half\ud83d' },
      { label: 'huge text', value: HUGE_TEXT },
    );
    if (schema.maxLength !== undefined && schema.maxLength < 65_536) {
      values.push({ label: 'one past its maximum length', value: 'y'.repeat(schema.maxLength + 1) });
    }
    if ((schema.minLength ?? 0) > 0) values.push({ label: 'empty', value: '' });
  }
  if (types.includes('number') || types.includes('integer')) {
    values.push(
      { label: 'huge number', value: 1e308 },
      { label: 'huge negative number', value: -1e308 },
      { label: 'past 2^63', value: 2 ** 64 },
      { label: 'number as text', value: 'NaN' },
    );
  }
  if (types.includes('array')) values.push({ label: 'array of garbage', value: [{ x: '\u0000' }, null, 7] });
  return values;
}

/** A body that satisfies the schema where it easily can, so that each bad field is what gets refused. */
export function plausible(schema: JsonSchema | undefined, ids: Record<string, string>, key = ''): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const object = objectSchema(schema);
  const types = typesOf(schema);
  if (object && types.includes('object')) {
    const out: Record<string, unknown> = {};
    for (const name of object.required ?? []) {
      out[name] = plausible(object.properties?.[name], ids, name);
    }
    return out;
  }
  if (types.includes('string')) {
    if (schema.format === 'uuid' || /guid$/i.test(key)) return ids.clientGuid;
    if (schema.format === 'email' || /email/i.test(key)) return 'fuzz@example.test';
    if (schema.format === 'date' || /date$/i.test(key)) return '2026-01-15';
    if (schema.format === 'date-time') return '2026-01-15T12:00:00Z';
    return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
  if (types.includes('integer') || types.includes('number')) return schema.minimum ?? 1;
  if (types.includes('boolean')) return false;
  if (types.includes('array')) return [];
  return null;
}

/** Every bad input of one operation; `ids` are the walk's ids, `fillPath` fills the operation's path. */
export function badInputsFor(
  operation: OpenApiOperation,
  ids: Record<string, string>,
  fillPath: (values: (name: string) => string) => string,
): BadInput[] {
  const inputs: BadInput[] = [];
  const parameters = operation.parameters ?? [];
  for (const param of parameters.filter((p) => p.in === 'path')) {
    for (const garbage of PATH_GARBAGE) {
      inputs.push({
        label: `path ${param.name}=${garbage.slice(0, 30)}`,
        url: fillPath((name) => (name === param.name ? garbage : (ids[name] as string))),
      });
    }
  }
  for (const param of parameters.filter((p) => p.in === 'query')) {
    const schema = param.schema ?? {};
    const bad: [string, string][] = [
      ['NUL', 'a\u0000b'],
      ['control characters', 'a\u0007b'],
      ['huge text', HUGE_TEXT.slice(0, 66_000)],
    ];
    const types = typesOf(schema);
    if (types.includes('integer') || types.includes('number') || /page/.test(param.name)) {
      bad.push(['not a number', 'abc'], ['huge number', '1e309'], ['negative', '-5']);
    }
    if (schema.enum) bad.push(['not one of the choices', 'not-a-choice']);
    if (schema.format === 'uuid') bad.push(['not a guid', 'not-a-guid']);
    for (const [label, value] of bad) {
      inputs.push({ label: `query ${param.name} ${label}`, query: { [param.name]: value } });
    }
  }
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  if (operation.requestBody && bodySchema) {
    const json = { 'content-type': 'application/json' };
    inputs.push(
      { label: 'malformed JSON', headers: json, payload: '{"a": ' },
      { label: 'JSON with a trailing comma', headers: json, payload: '{"a": 1,}' },
      { label: 'body a number', headers: json, payload: '42' },
      { label: 'body a string', headers: json, payload: '"text"' },
      { label: 'JSON with a comment', headers: json, payload: '{/* hello */}' },
      { label: 'two JSON documents', headers: json, payload: '{}{}' },
      { label: 'NaN', headers: json, payload: 'NaN' },
      { label: 'deeply nested body', headers: json, payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
      { label: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'email=x' },
      { label: 'application/xml', headers: { 'content-type': 'application/xml' }, payload: '<a>1</a>' },
      {
        label: 'form-urlencoded',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1&b=2',
      },
    );
    // Where a body is optional, null or nothing means "no body" and is not bad input.
    if (operation.requestBody.required && !bodySchema.nullable) {
      inputs.push(
        { label: 'body null', headers: json, payload: 'null' },
        { label: 'empty body', headers: json, payload: '' },
      );
    }
    const types = typesOf(bodySchema);
    if ((objectSchema(bodySchema)?.required ?? []).length > 0) {
      inputs.push({ label: 'required fields missing', headers: json, payload: '{"unexpected": 1}' });
    }
    if (!types.includes('array')) inputs.push({ label: 'body an array', headers: json, payload: '[]' });
    const object = objectSchema(bodySchema);
    if (object?.properties) {
      const base = (plausible(bodySchema, ids) ?? {}) as Record<string, unknown>;
      for (const [name, fieldSchema] of Object.entries(object.properties)) {
        for (const { label, value } of badFieldValues(fieldSchema)) {
          inputs.push({
            label: `body ${name} ${label}`,
            headers: json,
            payload: JSON.stringify({ ...base, [name]: value }),
          });
        }
      }
    }
  }
  return inputs;
}
