/**
 * The Templates tab (admin-area §2 "Templates tab", §4 "Template editing", §5, §8; issue 12 part
 * 3): the editor and the saved templates, which live in the database. Saving adds to (or, after
 * Edit, changes in) the list; Edit fills the form; Delete asks first. Toasts use the spec's words:
 * 'Missing Template Name', 'Template Saved', 'Template Deleted', 'Missing Information',
 * 'Test Email Sent!', 'Email Failed'.
 *
 * A list the spec's earlier client left in browser storage (`emailTemplates`) is synced to the
 * server once (`POST /api/admin/email-templates/sync`) and then removed; a failed sync is only
 * logged (admin-area §8).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import type { EmailTemplate, SyncTemplatesBody } from '../../../../../common/api/emails.admin.schema';
import { ConfirmDialog } from '../../../../components/ui/alert-dialog';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast.store';
import { ApiError, messageForPeople } from '../../../../lib/http.client';
import { emailTemplatesQuery, syncTemplates, useDeleteTemplate, useSaveTemplate, useSendTestEmail } from '../api';
import type { AdminTabProps } from '../../../components/admin-tab';
import { AdminPanel } from '../../../components/admin-panel';
import { AdminQueryState } from '../../../components/admin-states';
import { bodyOf, draftOf, emptyDraft, TemplateEditor, type TemplateDraft } from './template-editor';

/** Where the spec's client kept its templates (admin-area §3 "Browser storage"). */
export const LEGACY_STORAGE_KEY = 'emailTemplates';
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The list the spec's client left in browser storage, if any. */
function legacyTemplates(): unknown[] | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(LEGACY_STORAGE_KEY) ?? 'null');
    return Array.isArray(stored) && stored.length > 0 ? stored : null;
  } catch {
    return null;
  }
}

/** Syncs a legacy list once; true while it runs (the saved list waits for it, so it shows the merged list). */
function useLegacySync(): boolean {
  const [pending, setPending] = useState(() => legacyTemplates() !== null);
  useEffect(() => {
    const stored = legacyTemplates();
    if (!stored) return;
    syncTemplates({ templates: stored as SyncTemplatesBody['templates'] })
      .then(() => window.localStorage.removeItem(LEGACY_STORAGE_KEY))
      .catch((error: unknown) => console.warn('Template sync failed', error instanceof Error ? error.message : error))
      .finally(() => setPending(false));
  }, []);
  return pending;
}

export function EmailTemplatesTab({ tabKey }: AdminTabProps) {
  const syncing = useLegacySync();
  const list = useQuery({ ...emailTemplatesQuery(tabKey), enabled: !syncing });
  const senders = useMemo(() => list.data?.senders ?? [], [list.data]);
  const [draft, setDraft] = useState<TemplateDraft>(emptyDraft());
  const [recipient, setRecipient] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const save = useSaveTemplate(tabKey);
  const remove = useDeleteTemplate(tabKey);
  const sendTest = useSendTestEmail();

  // The first sender is preselected once the list of six arrives.
  useEffect(() => {
    if (draft.senderEmail === '' && senders[0]) setDraft((d) => ({ ...d, senderEmail: senders[0]! }));
  }, [senders, draft.senderEmail]);

  const onSave = () => {
    if (draft.name.trim() === '') {
      toast({ title: 'Missing Template Name', description: 'Please enter a template name to save.', variant: 'destructive' });
      nameRef.current?.focus();
      return;
    }
    save.mutate(
      { id: draft.id, body: bodyOf(draft) },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          toast({ title: 'Template Saved', description: `“${saved.name}” is saved.` });
        },
        onError: (error) =>
          toast({ title: 'Failed to save template', description: messageForPeople(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };

  const onSendTest = () => {
    if (draft.name.trim() === '' || draft.senderEmail === '' || recipient.trim() === '') {
      toast({
        title: 'Missing Information',
        description: 'Please fill in template name, sender email, and recipient email to send a test.',
        variant: 'destructive',
      });
      return;
    }
    if (!EMAIL.test(recipient.trim())) {
      toast({ title: 'Email Failed', description: 'The test recipient must be an e-mail address.', variant: 'destructive' });
      return;
    }
    sendTest.mutate(
      {
        to: recipient.trim(),
        from: draft.senderEmail,
        subject: draft.subject,
        template: draft.htmlContent,
        templateName: draft.name.trim(),
        requestId: crypto.randomUUID(),
      },
      {
        onSuccess: (answer) =>
          toast({ title: answer.outcome === 'pending' ? 'Test Email Queued' : 'Test Email Sent!', description: answer.message }),
        onError: (error) =>
          toast({
            title: 'Email Failed',
            description:
              error instanceof ApiError
                ? messageForPeople(error, 'Failed to send test email')
                : 'Failed to send test email. Check your connection and the SMTP (SendGrid) configuration.',
            variant: 'destructive',
          }),
      },
    );
  };

  const onDelete = (template: EmailTemplate) =>
    remove.mutate(template.id, {
      onSuccess: () => {
        if (draft.id === template.id) setDraft(emptyDraft(senders[0]));
        toast({ title: 'Template Deleted', description: `“${template.name}” is deleted.` });
      },
      onError: (error) =>
        toast({ title: 'Failed to delete template', description: messageForPeople(error, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <TemplateEditor
        draft={draft}
        onChange={setDraft}
        senders={senders}
        recipient={recipient}
        onRecipientChange={setRecipient}
        onSave={onSave}
        onSendTest={onSendTest}
        onNew={() => setDraft(emptyDraft(senders[0]))}
        saving={save.isPending}
        sending={sendTest.isPending}
        nameRef={nameRef}
      />
      <AdminPanel title="Saved templates" note={list.data ? `(${list.data.templates.length})` : undefined} level={2} className="self-start">
        <AdminQueryState
          query={list}
          loading="Loading saved templates…"
          failed="Failed to load the saved templates"
          empty={(data) => data.templates.length === 0 && 'No saved templates yet. Fill in the editor and press Save Template.'}
          inset
        >
          {(data) => (
            <ul className="divide-y divide-slate-100">
              {data.templates.map((t) => (
                <li key={t.id} className="px-4 py-3" aria-current={draft.id === t.id ? 'true' : undefined}>
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-medium break-words text-slate-900">{t.name}</p>
                    {t.isDefault ? <Badge tone="blue">Used for notifications</Badge> : null}
                    {draft.id === t.id ? <Badge tone="amber">Editing</Badge> : null}
                  </div>
                  <p className="mt-0.5 text-sm break-words text-slate-700">{t.subject}</p>
                  <p className="text-xs text-slate-600">
                    From {t.senderEmail} · updated {when.format(new Date(t.updatedAt))}
                  </p>
                  <div className="mt-2 flex gap-2">
                    <Button variant="secondary" size="sm" onClick={() => setDraft(draftOf(t))} aria-label={`Edit ${t.name}`}>
                      <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
                      Edit
                    </Button>
                    <ConfirmDialog
                      trigger={
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-red-700"
                          aria-label={`Delete ${t.name}`}
                          disabled={remove.isPending}
                        >
                          <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
                          Delete
                        </Button>
                      }
                      title={`Delete “${t.name}”?`}
                      description="The template is removed for every owner. This cannot be undone."
                      confirmLabel="Delete template"
                      onConfirm={() => onDelete(t)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </AdminQueryState>
      </AdminPanel>
    </div>
  );
}
