/**
 * The one string schema of every request field (issue 5; DESIGN.md §4 "Bad input"): NUL and the
 * other C0 control characters (U+0000–U+001F) are refused with a 400 naming the field, before any
 * value reaches the database (PostgreSQL text cannot hold NUL; other controls forge log lines and
 * e-mail headers). Free text (a reason, a message) may hold tab, line feed and carriage return.
 *
 * Use `safeText(max)` wherever a request schema would say `z.string().max(max)`; add `.trim()`,
 * `.regex()` and the rest after it as usual.
 */
import { z } from 'zod';

/** Any C0 control character (matching them is the point of this module). */
// eslint-disable-next-line no-control-regex
const C0 = /[\u0000-\u001f]/;
/** C0 control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex
const C0_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Rule named in the 400 for a single-line field. */
export const CONTROL_CHARACTER_RULE = 'must not contain control characters';

/** A single-line request string of at most `max` characters, without control characters. */
export function safeText(max: number) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !C0.test(v), CONTROL_CHARACTER_RULE);
}

/** Free text of at most `max` characters: tab and line breaks allowed, other control characters refused. */
export function freeText(max: number) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !C0_EXCEPT_WHITESPACE.test(v), 'must not contain control characters other than tab and line breaks');
}
