/**
 * POST /api/contact (issue 10; content-and-account-pages §2.7, §3, §5; DESIGN.md §5: the message is
 * stored and e-mailed to the owners). Every field is required; a missing field is reported as
 * `{field}: is required`, like a blank one.
 */
import { z } from 'zod';
import { CONTACT_LIMITS } from '../contact';
import { emailSchema } from './alerts.schema';
import { freeText, safeText } from './text.schema';

const missingToBlank = (v: unknown) => (v === undefined || v === null ? '' : v);
const required = <T extends z.ZodType>(schema: T) => z.preprocess(missingToBlank, schema);

export const contactSchema = z.object({
  name: required(safeText(CONTACT_LIMITS.name).trim().min(1, 'is required')),
  email: required(safeText(CONTACT_LIMITS.email).trim().min(1, 'is required').pipe(emailSchema)),
  subject: required(safeText(CONTACT_LIMITS.subject).trim().min(1, 'is required')),
  message: required(
    freeText(CONTACT_LIMITS.message)
      .trim()
      .min(1, 'is required')
      .min(CONTACT_LIMITS.messageMin, `must be at least ${CONTACT_LIMITS.messageMin} characters`),
  ),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

export const contactResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;
