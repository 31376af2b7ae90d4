/**
 * Bulk actions of the admin Users tab (issue 29 "bulk actions on Users"): unsubscribe, or erase
 * everything about (UK GDPR Art. 17), the people an owner selected or every person matching the
 * tab's e-mail search. Admin session only; answers and the audit log hold counts and subscriber ids,
 * never an address.
 */
import { z } from 'zod';
import { emailSchema } from './alerts.schema';
import { safeText } from './text.schema';

/** Most addresses one call names. */
export const PEOPLE_BULK_MAX = 1000;

export const PEOPLE_BULK_ACTIONS = ['unsubscribe', 'erase'] as const;
export type PeopleBulkAction = (typeof PEOPLE_BULK_ACTIONS)[number];

/**
 * `POST /api/admin/users/bulk`: `action` on the addresses `emails` (1–1,000) or on every person
 * `matching` the Users tab's search (part of an address, case-insensitive; '' or absent: everyone),
 * never both. `confirmCount` must equal the number of people the action takes for `matching` and for
 * more than 100 addresses (else 409 with `count`).
 */
export const peopleBulkBodySchema = z.preprocess(
  (v) => v ?? {},
  z
    .object({
      action: z.enum(PEOPLE_BULK_ACTIONS, { error: 'must be unsubscribe or erase' }),
      emails: z
        .array(emailSchema, 'must be a list of e-mail addresses')
        .min(1, 'must hold at least one e-mail address')
        .max(PEOPLE_BULK_MAX, `must hold at most ${PEOPLE_BULK_MAX} e-mail addresses`)
        .optional(),
      matching: z.object({ search: safeText(254).trim().toLowerCase().optional() }).optional(),
      confirmCount: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0).optional(),
    })
    .refine((b) => (b.emails === undefined) !== (b.matching === undefined), {
      message: 'give either emails or matching, not both',
      path: ['emails'],
    }),
);
export type PeopleBulkBody = z.output<typeof peopleBulkBodySchema>;

export const peopleBulkResponseSchema = z.object({
  action: z.enum(PEOPLE_BULK_ACTIONS),
  /** People the request took. */
  matched: z.number().int(),
  /** 'unsubscribe': addresses newly unsubscribed (already unsubscribed ones are not counted); 'erase': people erased. */
  affected: z.number().int(),
  /** 'erase': rows deleted in all tables together. */
  rowsErased: z.number().int(),
});
export type PeopleBulkResponse = z.infer<typeof peopleBulkResponseSchema>;
