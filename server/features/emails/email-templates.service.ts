/**
 * The owners' e-mail templates (admin-area §2 "Templates tab", §3 "Email template", §5, §7, §8;
 * issue 12 part 3): kept in the database (`email_templates`), listed by name, saved, edited and
 * deleted from the Templates tab, and merged from the spec's browser-storage client by
 * `POST /api/admin/email-templates/sync`. Every change is one transaction with its audit entry.
 *
 * Rules: the sender is one of the six addresses on MAIL_DOMAIN (stored as its local part); a blank
 * subject or body is stored as the spec's fallback; at most one template is the default (marking
 * one unmarks the other). The placeholder rules are checked by the request schema
 * (common/api/emails.admin.schema.ts).
 */
import type { EmailTemplate, SaveTemplateInput, SyncTemplatesInput } from '../../../common/api/emails.admin.schema';
import { senderAddresses, senderLocalPart, withFallbacks, type SenderLocalPart } from '../../../common/email-templates';
import type { Db, Tx } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import {
  allTemplates,
  clearDefault,
  deleteTemplate,
  insertTemplate,
  templateByName,
  updateTemplate,
  type TemplateRow,
  type TemplateWrite,
} from './email-templates.queries';

/** A checked template body (the output of saveTemplateBodySchema). */
export type TemplateInput = SaveTemplateInput;

export interface TemplatesDeps {
  db: Db;
  mailDomain: string;
  clock: () => Date;
}

/** The API shape of a stored template; `senderEmail` on today's MAIL_DOMAIN. */
export function toEmailTemplate(row: TemplateRow, mailDomain: string): EmailTemplate {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    htmlContent: row.htmlContent,
    senderEmail: `${row.sender}@${mailDomain}`,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every template (by name) and the six sender addresses. */
export async function listTemplates(db: Db | Tx, mailDomain: string): Promise<{ templates: EmailTemplate[]; senders: string[] }> {
  const rows = await allTemplates(db);
  return { templates: rows.map((r) => toEmailTemplate(r, mailDomain)), senders: senderAddresses(mailDomain) };
}

/** 400 naming the field when `address` is not one of the six senders. */
function senderOf(address: string, mailDomain: string): Outcome<SenderLocalPart> {
  const local = senderLocalPart(address, mailDomain);
  return local
    ? ok(local)
    : fail('invalid', `senderEmail: must be one of the six sender addresses: ${senderAddresses(mailDomain).join(', ')}`);
}

function toWrite(input: TemplateInput, sender: SenderLocalPart): TemplateWrite {
  return { name: input.name, ...withFallbacks(input), sender, isDefault: input.isDefault };
}

const nameTaken = (name: string) => fail('conflict', `name: a template called "${name}" already exists; choose another name or edit it`);

/** Saves a new template ('Template Saved'). 400 for a sender outside the six, 409 for a name in use. */
export async function createTemplate(deps: TemplatesDeps, adminId: number, input: TemplateInput): Promise<Outcome<EmailTemplate>> {
  const sender = senderOf(input.senderEmail, deps.mailDomain);
  if (!sender.ok) return sender;
  return deps.db.transaction(async (tx) => {
    if (await templateByName(tx, input.name)) return nameTaken(input.name);
    const now = deps.clock();
    if (input.isDefault) await clearDefault(tx);
    const row = await insertTemplate(tx, toWrite(input, sender.value), now);
    await recordAdminAction(tx, { adminId, action: 'email-templates.create', target: `template ${row.id}`, counts: { created: 1 } }, now);
    return ok(toEmailTemplate(row, deps.mailDomain));
  });
}

/** Replaces template `id` (Edit, then Save Template). 404 when it is gone; 400/409 as {@link createTemplate}. */
export async function editTemplate(
  deps: TemplatesDeps,
  adminId: number,
  id: number,
  input: TemplateInput,
): Promise<Outcome<EmailTemplate>> {
  const sender = senderOf(input.senderEmail, deps.mailDomain);
  if (!sender.ok) return sender;
  return deps.db.transaction(async (tx) => {
    const same = await templateByName(tx, input.name);
    if (same && same.id !== id) return nameTaken(input.name);
    const now = deps.clock();
    if (input.isDefault) await clearDefault(tx, id);
    const row = await updateTemplate(tx, id, toWrite(input, sender.value), now);
    if (!row) return fail('not-found', `id: no template ${id}; it may have been deleted`);
    await recordAdminAction(tx, { adminId, action: 'email-templates.update', target: `template ${id}`, counts: { updated: 1 } }, now);
    return ok(toEmailTemplate(row, deps.mailDomain));
  });
}

/** Deletes template `id` ('Template Deleted'); 404 when it is already gone. */
export async function removeTemplate(deps: TemplatesDeps, adminId: number, id: number): Promise<Outcome<{ deleted: number }>> {
  return deps.db.transaction(async (tx) => {
    if (!(await deleteTemplate(tx, id))) return fail('not-found', `id: no template ${id}; it may have been deleted already`);
    await recordAdminAction(
      tx,
      { adminId, action: 'email-templates.delete', target: `template ${id}`, counts: { deleted: 1 } },
      deps.clock(),
    );
    return ok({ deleted: 1 });
  });
}

type ClientTemplate = SyncTemplatesInput['templates'][number];

/**
 * Merges the spec's browser-storage list (admin-area §3 "Browser storage", §7 sync) into the
 * database, matching by name: new names are added, known ones updated; nothing is deleted (an old
 * browser must not wipe what other owners saved). Templates without a sender get alerts@. The last
 * one marked default wins. 400 for a sender outside the six, naming its position.
 */
export async function syncTemplates(
  deps: TemplatesDeps,
  adminId: number,
  templates: readonly ClientTemplate[],
): Promise<Outcome<{ templates: EmailTemplate[]; senders: string[]; created: number; updated: number }>> {
  const writes: TemplateWrite[] = [];
  for (const [index, t] of templates.entries()) {
    const sender = t.senderEmail ? senderLocalPart(t.senderEmail, deps.mailDomain) : 'alerts';
    if (!sender)
      return fail(
        'invalid',
        `templates.${index}.senderEmail: must be one of the six sender addresses: ${senderAddresses(deps.mailDomain).join(', ')}`,
      );
    writes.push({ name: t.name, ...withFallbacks(t), sender, isDefault: t.isDefault ?? false });
  }
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    let created = 0;
    let updated = 0;
    for (const write of writes) {
      const existing = await templateByName(tx, write.name);
      if (write.isDefault) await clearDefault(tx, existing?.id);
      if (existing) {
        await updateTemplate(tx, existing.id, write, now);
        updated += 1;
      } else {
        await insertTemplate(tx, write, now);
        created += 1;
      }
    }
    await recordAdminAction(tx, { adminId, action: 'email-templates.sync', counts: { created, updated } }, now);
    return ok({ ...(await listTemplates(tx, deps.mailDomain)), created, updated });
  });
}
