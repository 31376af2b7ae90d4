/**
 * The template editor (admin-area §2 "Templates tab", §5, §8, §9): name, subject, the nine
 * dynamic-field buttons (inserted at the cursor of the subject or the HTML, whichever was last
 * used), HTML textarea, sender select (the six addresses), "use for deal alert notifications",
 * test recipient, show/hide preview, Send Test Email and Save Template. Placeholders are checked as
 * the owner types, with the server's own rules; the server checks again.
 */
import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Eye, EyeOff, Save, Send } from 'lucide-react';
import type { EmailTemplate, SaveTemplateBody } from '../../../../../common/api/emails.admin.schema';
import {
  DEFAULT_TEMPLATE_SUBJECT,
  TEMPLATE_PLACEHOLDERS,
  templateProblems,
  type TemplateProblem,
} from '../../../../../common/email-templates';
import { Button } from '../../../../components/ui/button';
import { Input, Label, Textarea } from '../../../../components/ui/input';
import { TemplatePreview } from './template-preview';

export interface TemplateDraft {
  id: number | null;
  name: string;
  subject: string;
  htmlContent: string;
  senderEmail: string;
  isDefault: boolean;
}

export const emptyDraft = (senderEmail = ''): TemplateDraft => ({
  id: null,
  name: '',
  subject: '',
  htmlContent: '',
  senderEmail,
  isDefault: false,
});

export const draftOf = (t: EmailTemplate): TemplateDraft => ({
  id: t.id,
  name: t.name,
  subject: t.subject,
  htmlContent: t.htmlContent,
  senderEmail: t.senderEmail,
  isDefault: t.isDefault,
});

export const bodyOf = (d: TemplateDraft): SaveTemplateBody => ({
  name: d.name.trim(),
  subject: d.subject,
  htmlContent: d.htmlContent,
  senderEmail: d.senderEmail,
  isDefault: d.isDefault,
});

export interface TemplateEditorProps {
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  senders: readonly string[];
  recipient: string;
  onRecipientChange: (value: string) => void;
  onSave: () => void;
  onSendTest: () => void;
  onNew: () => void;
  saving: boolean;
  sending: boolean;
  nameRef: RefObject<HTMLInputElement | null>;
}

type Field = 'subject' | 'htmlContent';

export function TemplateEditor(props: TemplateEditorProps) {
  const { draft, onChange } = props;
  const id = useId();
  const [preview, setPreview] = useState(true);
  const subjectRef = useRef<HTMLInputElement>(null);
  const htmlRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<Field>('htmlContent');
  const pendingCursor = useRef<{ field: Field; at: number } | null>(null);
  const problems: TemplateProblem[] = [
    ...templateProblems('subject', draft.subject),
    ...templateProblems('htmlContent', draft.htmlContent),
  ];
  const problemsOf = (field: Field) => problems.filter((p) => p.field === field);

  const insert = (name: string) => {
    const field = lastField.current;
    const element = field === 'subject' ? subjectRef.current : htmlRef.current;
    const value = draft[field];
    const token = `{{${name}}}`;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    pendingCursor.current = { field, at: start + token.length };
    onChange({ ...draft, [field]: value.slice(0, start) + token + value.slice(end) });
  };

  // After the insert renders (before the next key press is handled), the cursor goes after the
  // inserted field, in the field it went into.
  useLayoutEffect(() => {
    const pending = pendingCursor.current;
    if (!pending) return;
    pendingCursor.current = null;
    const element = pending.field === 'subject' ? subjectRef.current : htmlRef.current;
    element?.focus();
    element?.setSelectionRange(pending.at, pending.at);
  });

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {draft.id === null ? 'New template' : `Editing “${draft.name || 'untitled'}”`}
        </h2>
        {draft.id !== null ? (
          <Button variant="ghost" size="sm" onClick={props.onNew}>
            Start a new template
          </Button>
        ) : null}
      </div>
      <div className="mt-3 grid gap-4">
        <div>
          <Label htmlFor={`${id}-name`}>Template name</Label>
          <Input
            id={`${id}-name`}
            ref={props.nameRef}
            value={draft.name}
            maxLength={100}
            onChange={(e) => onChange({ ...draft, name: e.target.value })}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-subject`}>Subject</Label>
          <Input
            id={`${id}-subject`}
            ref={subjectRef}
            value={draft.subject}
            placeholder={DEFAULT_TEMPLATE_SUBJECT}
            invalid={problemsOf('subject').length > 0}
            aria-describedby={`${id}-subject-help`}
            onFocus={() => (lastField.current = 'subject')}
            onChange={(e) => onChange({ ...draft, subject: e.target.value })}
          />
          <FieldHelp id={`${id}-subject-help`} problems={problemsOf('subject')} hint={`Blank: “${DEFAULT_TEMPLATE_SUBJECT}”.`} />
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">Insert a dynamic field (at the cursor in the subject or HTML)</legend>
          <div className="flex flex-wrap gap-1.5">
            {TEMPLATE_PLACEHOLDERS.map((name) => (
              <Button key={name} variant="secondary" size="sm" className="font-mono text-xs" onClick={() => insert(name)}>
                {`{{${name}}}`}
              </Button>
            ))}
          </div>
        </fieldset>
        <div>
          <Label htmlFor={`${id}-html`}>HTML content</Label>
          <Textarea
            id={`${id}-html`}
            ref={htmlRef}
            value={draft.htmlContent}
            rows={12}
            spellCheck={false}
            placeholder="Leave blank to use the default deal alert template."
            className="font-mono text-sm"
            invalid={problemsOf('htmlContent').length > 0}
            aria-describedby={`${id}-html-help`}
            onFocus={() => (lastField.current = 'htmlContent')}
            onChange={(e) => onChange({ ...draft, htmlContent: e.target.value })}
          />
          <FieldHelp
            id={`${id}-html-help`}
            problems={problemsOf('htmlContent')}
            hint="Values are escaped, so a product title can never add HTML. Blank: the default deal alert template."
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-sender`}>Sender</Label>
            <select
              id={`${id}-sender`}
              value={draft.senderEmail}
              onChange={(e) => onChange({ ...draft, senderEmail: e.target.value })}
              className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <option value="">Choose a sender…</option>
              {props.senders.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor={`${id}-to`}>Test recipient</Label>
            <Input
              id={`${id}-to`}
              type="email"
              autoComplete="email"
              value={props.recipient}
              placeholder="you@example.co.uk"
              onChange={(e) => props.onRecipientChange(e.target.value)}
            />
          </div>
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-blue-700"
            checked={draft.isDefault}
            onChange={(e) => onChange({ ...draft, isDefault: e.target.checked })}
          />
          <span>
            Use for deal alert notifications{' '}
            <span className="text-slate-600">(the default template; without one the built-in e-mail is sent)</span>
          </span>
        </label>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setPreview((p) => !p)} aria-expanded={preview} aria-controls={`${id}-preview`}>
            {preview ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
            {preview ? 'Hide preview' : 'Show preview'}
          </Button>
          <Button variant="secondary" onClick={props.onSendTest} disabled={props.sending}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {props.sending ? 'Sending test…' : 'Send Test Email'}
          </Button>
          <Button onClick={props.onSave} disabled={props.saving}>
            <Save className="h-4 w-4" aria-hidden="true" />
            {props.saving ? 'Saving…' : 'Save Template'}
          </Button>
        </div>
        <div id={`${id}-preview`}>{preview ? <TemplatePreview subject={draft.subject} htmlContent={draft.htmlContent} /> : null}</div>
      </div>
    </section>
  );
}

function FieldHelp({ id, problems, hint }: { id: string; problems: TemplateProblem[]; hint: string }) {
  if (problems.length === 0)
    return (
      <p id={id} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
    );
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700" aria-live="polite">
      {problems.map((p) => (
        <li key={p.message}>{p.message}</li>
      ))}
    </ul>
  );
}
