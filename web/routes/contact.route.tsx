/** `/contact-us` and `/contact` (content-and-account-pages §2.7; DESIGN.md §5): the contact form. */
import { Clock, Mail } from 'lucide-react';
import { BackHomeButtons } from '../components/ui/back-home-buttons';
import { ContactForm } from '../features/contact/components/contact-form';
import { useDocumentTitle } from '../lib/document-title.hook';
import { useConfig } from '../lib/config.query';

export function ContactPage() {
  useDocumentTitle('Contact Us');
  const { data } = useConfig();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackHomeButtons />
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Contact Us</h1>
        <p className="mt-2 text-lg text-slate-700">Questions about a deal, an alert or your data? Send us a message.</p>
        <ul className="my-6 grid gap-3 text-sm text-slate-700 sm:grid-cols-2">
          <li className="flex items-center gap-2">
            <Clock className="h-5 w-5 text-blue-700" aria-hidden="true" />
            We reply within 24 hours.
          </li>
          {data && (
            <li className="flex items-center gap-2 break-all">
              <Mail className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
              <a href={`mailto:${data.contactEmail}`} className="text-blue-800 underline">
                {data.contactEmail}
              </a>
            </li>
          )}
        </ul>
        <ContactForm />
      </div>
      <BackHomeButtons />
    </div>
  );
}
