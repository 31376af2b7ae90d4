/**
 * The contact form (content-and-account-pages §2.7, §3, §5, §8; DESIGN.md §5): name, e-mail,
 * subject and message, all required, each with its own error message under the field (checked
 * here first, then by the server, whose "field: rule" answer is shown under that field). Success:
 * toast 'Message Sent' promising a reply within 24 hours, and a thank-you panel; failure: toast
 * 'Error' / 'Failed to send message. Please try again.'.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Loader2, Send } from 'lucide-react';
import { CONTACT_LIMITS, CONTACT_REPLY_PROMISE } from '../../../../common/contact';
import { paths } from '../../../../common/paths';
import { Button } from '../../../components/ui/button';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError, messageForPeople } from '../../../lib/http.client';
import { useSendContactMessage } from '../api';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];
const EMPTY: Values = { name: '', email: '', subject: '', message: '' };

/** The same rules as the server's schema (common/api/contact.schema.ts), in words for people. */
export function validateContact(values: Values): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Please enter your name.';
  const email = values.email.trim();
  if (!email) errors.email = 'Please enter your e-mail address.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Please enter a valid e-mail address, such as name@example.co.uk.';
  if (!values.subject.trim()) errors.subject = 'Please enter a subject.';
  const message = values.message.trim();
  if (!message) errors.message = 'Please enter your message.';
  else if (message.length < CONTACT_LIMITS.messageMin) errors.message = `Please write at least ${CONTACT_LIMITS.messageMin} characters.`;
  return errors;
}

/** Maps the server's "field: rule; field: rule" 400 message onto the fields it names. */
function serverFieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors: Errors = {};
  for (const part of (error.serverMessage ?? '').split('; ')) {
    const [field, ...rule] = part.split(': ');
    if (FIELDS.includes(field as Field))
      errors[field as Field] = `This ${field === 'email' ? 'e-mail address' : field} ${rule.join(': ')}.`;
  }
  return errors;
}

export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const refs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const send = useSendContactMessage();

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function showErrors(found: Errors) {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) refs.current[first]?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateContact(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    send.mutate(
      { name: values.name.trim(), email: values.email.trim(), subject: values.subject.trim(), message: values.message.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Message Sent', description: `Thank you for your message. ${CONTACT_REPLY_PROMISE}` });
          setValues(EMPTY);
        },
        onError: (error) => {
          const fromServer = serverFieldErrors(error);
          if (Object.keys(fromServer).length > 0) showErrors(fromServer);
          toast({
            title: 'Error',
            description: messageForPeople(error, 'Failed to send message. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  if (send.isSuccess) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-green-200 bg-green-50 p-8 text-center" role="status">
        <CheckCircle2 className="h-12 w-12 text-green-700" aria-hidden="true" />
        <h2 className="text-xl font-bold text-slate-900">Message Sent</h2>
        <p className="text-slate-800">Thank you for getting in touch. {CONTACT_REPLY_PROMISE}</p>
        <Button variant="secondary" onClick={() => send.reset()}>
          Send another message
        </Button>
      </div>
    );
  }

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: set(name),
    required: true,
    'aria-required': true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      refs.current[name] = el;
    },
  });
  const error = (name: Field) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Contact us">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`}>Your name</Label>
          <Input {...field('name')} autoComplete="name" maxLength={CONTACT_LIMITS.name} invalid={!!errors.name} />
          {error('name')}
        </div>
        <div>
          <Label htmlFor={`${id}-email`}>Your e-mail address</Label>
          <Input {...field('email')} type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} invalid={!!errors.email} />
          {error('email')}
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input {...field('subject')} maxLength={CONTACT_LIMITS.subject} invalid={!!errors.subject} />
        {error('subject')}
      </div>
      <div>
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea {...field('message')} rows={6} maxLength={CONTACT_LIMITS.message} invalid={!!errors.message} />
        {error('message')}
      </div>
      <p className="text-sm text-slate-600">
        We use these details only to answer you (see our{' '}
        <Link to={paths.privacyPolicy()} className="text-blue-800 underline">
          Privacy Policy
        </Link>
        ). {CONTACT_REPLY_PROMISE}
      </p>
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
        Send Message
      </Button>
    </form>
  );
}
