/**
 * fast-check arbitraries of hostile request input for the route fuzz suite: wrong types, NUL and other control
 * characters, huge and non-finite numbers, deep and long values. Given a route's zod schema, the fields it names get
 * the hostile values (so they reach each field's own checks); without one, field names the API uses are tried.
 * Never a plausible valid value: a route that changes state on these inputs has a hole.
 */
import fc from 'fast-check';
import { z } from 'zod';

/** Field names of the API, tried on routes without a schema (bodies and queries). */
export const COMMON_FIELDS = [
  'userid',
  'password',
  'otp',
  'code',
  'no',
  'userNo',
  'id',
  'amount',
  'price',
  'quantity',
  'qty',
  'side',
  'type',
  'status',
  'reason',
  'title',
  'body',
  'page',
  'size',
  'symbol',
  'walletAddress',
  'address',
  'label',
  'enabled',
  'leverage',
  'referralCode',
  'verificationImage',
  'refreshToken',
  'sessionId',
  'level',
  'nowFee',
  'approveStatus',
  'search',
  'interval',
  'to',
  'from',
  'settlement',
  'percent',
  'orderNo',
  'day',
] as const;

const CONTROL_CHARACTERS = [0, 1, 7, 8, 11, 12, 27, 31, 127, 0x85, 0x9f].map((code) => String.fromCharCode(code));

/** A text with at least one control character (NUL the most often) somewhere in it. */
const controlText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', ...CONTROL_CHARACTERS), fc.string({ maxLength: 20 }))
  .map(([before, control, after]) => `${before}${control}${after}`);

/** Numbers no field takes: beyond the safe integers, or texts that parse to infinities and NaN. */
const hugeNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 53, -(2 ** 53), 2 ** 63, 1e21),
  fc.double({ min: 2 ** 53, max: Number.MAX_VALUE, noNaN: true }),
  fc.double({ min: -Number.MAX_VALUE, max: -(2 ** 53), noNaN: true }),
);
const nonFiniteText = fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e308', '1e999', '-1e999', '0x1p1024');

/** Far longer than any field allows (the body limit stays the server's own business). */
const longText = fc.integer({ min: 5_000, max: 60_000 }).map((length) => 'x'.repeat(length));

/** Nested arrays or objects hundreds to thousands deep. */
const deepValue = fc.tuple(fc.integer({ min: 100, max: 3_000 }), fc.boolean()).map(([depth, asObjects]) => {
  let value: unknown = '\u0000';
  for (let i = 0; i < depth; i++) value = asObjects ? { a: value } : [value];
  return value;
});

/** A value of the wrong type for every field: arrays and objects of hostile values, null. */
const wrongType = fc.oneof(
  fc.constant(null),
  fc.array(controlText, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...COMMON_FIELDS), controlText, { maxKeys: 3 }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true}}') as unknown),
  fc.constant({ constructor: { prototype: { polluted: true } } }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: controlText, weight: 4 },
  { arbitrary: hugeNumber, weight: 3 },
  { arbitrary: nonFiniteText, weight: 1 },
  { arbitrary: longText, weight: 1 },
  { arbitrary: deepValue, weight: 1 },
  { arbitrary: wrongType, weight: 2 },
);

/** The field names a schema declares (an object, possibly inside a pipe or an optional); none for others. */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const inner = (schema as { _zod?: { def?: { in?: z.ZodType; innerType?: z.ZodType } } })._zod?.def;
  return fieldsOf(inner?.in ?? inner?.innerType);
}

/**
 * Valid-looking values that change nothing: ids no row has, zero amounts, a sign-in id that is not an address. A body
 * mixes some of them with hostile fields, so the hostile value gets past the checks of the fields around it (a NUL in
 * `userid` reaches the database only with a password beside it) without the request doing anything real.
 */
export const INERT_VALUES: Record<string, unknown> = {
  userid: 'nobody',
  password: 'not-the-password',
  otp: '',
  code: '',
  no: 999_999_999,
  userNo: 999_999_999,
  id: 999_999_999,
  orderNo: 999_999_999,
  amount: 0,
  price: '0',
  quantity: '0',
  qty: '0',
  side: 'sideways',
  type: 'none',
  status: 1,
  reason: 'fuzz',
  title: 'fuzz',
  body: 'fuzz',
  page: 1,
  size: 1,
  symbol: 'NONE',
  walletAddress: '0x0',
  address: '0x0',
  label: 'fuzz',
  enabled: false,
  leverage: 0,
  referralCode: 'NONE',
  verificationImage: 'img_none',
  refreshToken: 'none',
  sessionId: 'none',
  level: 2,
  nowFee: -1,
  approveStatus: 1,
  search: 'fuzz',
  interval: '1m',
  to: 'nowhere',
  from: 'nowhere',
  settlement: 0,
  percent: -1,
  day: 'today',
};

/**
 * A hostile body: an object of inert values with one to three hostile fields (the schema's, else the API's usual
 * names and an odd one), or a hostile value in place of the object.
 */
export function hostileBody(schema?: z.ZodType): fc.Arbitrary<unknown> {
  const known = fieldNames(schema);
  const names = fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 5 }, { arbitrary: controlText, weight: 1 });
  const mixed = fc
    .tuple(fc.subarray(known), fc.dictionary(names, hostileValue, { minKeys: 1, maxKeys: 3 }))
    .map(([inert, hostile]) => ({ ...inertBody(inert), ...hostile }));
  return fc.oneof({ arbitrary: mixed, weight: 6 }, { arbitrary: hostileValue, weight: 1 });
}

/**
 * One body per field: every field inert but that one, which gets the hostile value of its own kind (a text with a
 * NUL, a number far beyond the safe integers, an array in place of a flag), so it passes the type check and reaches
 * what the route does with it. Random bodies rarely put a NUL in `userid` beside a password; the sweep does it on
 * every route. A text always holds a NUL (what PostgreSQL refuses) and one more control character, which `variant`
 * picks, as it picks among the huge numbers.
 * Without a schema, or with one that names no field (a body read whole), the API's usual names are swept.
 */
export function fieldSweep(schema: z.ZodType | undefined, variant: number): Array<Record<string, unknown>> {
  const known = fieldNames(schema);
  const controls = CONTROL_CHARACTERS;
  const huge = [1e308, -1e308, 2 ** 53, Number.MAX_VALUE, 2 ** 63];
  const text = (inert: string, i: number) => `${inert}\u0000${controls[(variant + i) % controls.length]}x`;
  return known.flatMap((name, i) => {
    const inert = INERT_VALUES[name];
    // A field of the schema whose kind this file does not know gets both: a text with a NUL and a huge number.
    const hostiles =
      inert === undefined
        ? [text('fuzz', i), huge[(variant + i) % huge.length]]
        : typeof inert === 'number'
          ? [huge[(variant + i) % huge.length]]
          : typeof inert === 'string'
            ? [text(inert, i)]
            : [['\u0000']];
    return hostiles.map((hostile) => ({ ...inertBody(known), [name]: hostile }));
  });
}

function fieldNames(schema: z.ZodType | undefined): string[] {
  const fields = fieldsOf(schema);
  return fields.length > 0 ? fields : [...COMMON_FIELDS];
}

function inertBody(names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, INERT_VALUES[name] ?? 'fuzz']));
}

/** A hostile query string (without the `?`): each field a hostile value as text, URL-encoded. */
export function hostileQuery(schema?: z.ZodType): fc.Arbitrary<string> {
  const fields = fieldsOf(schema);
  const names = fields.length > 0 ? fc.constantFrom(...fields) : fc.constantFrom(...COMMON_FIELDS);
  const text = fc.oneof(
    controlText,
    nonFiniteText,
    hugeNumber.map((n) => String(n)),
    fc.integer({ min: 2_000, max: 20_000 }).map((length) => '9'.repeat(length)),
  );
  return fc
    .array(fc.tuple(names, text), { minLength: 1, maxLength: 5 })
    .map((pairs) => pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&'));
}

/** A hostile path segment for a route's `:param`. */
export const hostileSegment: fc.Arbitrary<string> = fc
  .oneof(
    controlText,
    nonFiniteText,
    hugeNumber.map((n) => String(n)),
    fc.constant('1e308'),
    fc.constant('-1'),
  )
  .map((text) => encodeURIComponent(text));
