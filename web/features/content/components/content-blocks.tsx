/**
 * Renders the static pages' text (common/content/*.ts; issue 10) as React elements: the same words
 * the server sends in the first HTML response (server/features/seo/content-markup.rules.ts). Links
 * to our own pages are client-side links; company details come from GET /api/config.
 */
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { Block, CompanyDetails, Inline, RichText as RichTextData } from '../../../../common/content/document';
import { ContactEmailLink, useCompany } from './company';

/** Never read: text without company fields does not use it. */
const NO_COMPANY: CompanyDetails = { name: '', address: '', email: '' };

function InlineView({ inline, company }: { inline: Inline; company: CompanyDetails }) {
  if (typeof inline === 'string') return inline;
  switch (inline.kind) {
    case 'strong':
      return <strong>{inline.text}</strong>;
    case 'link':
      return <Link to={inline.href}>{inline.text}</Link>;
    case 'company':
      return company[inline.field];
    case 'email-link':
      return <ContactEmailLink email={company.email} />;
  }
}

const needsCompany = (inline: Inline) => typeof inline !== 'string' && (inline.kind === 'company' || inline.kind === 'email-link');

function RichTextWithCompany({ text }: { text: RichTextData }) {
  const company = useCompany();
  return text.map((inline, i) => <InlineView key={i} inline={inline} company={company} />);
}

/** One run of rich text (a paragraph's, list item's or answer's words); reads the configuration only when it names the company. */
export function RichText({ text }: { text: RichTextData }) {
  if (text.some(needsCompany)) return <RichTextWithCompany text={text} />;
  return text.map((inline, i) => <InlineView key={i} inline={inline} company={NO_COMPANY} />);
}

/** A page's sections: headings, paragraphs, lists and the Cookie Policy's storage table. */
export function ContentBlocks({ blocks }: { blocks: readonly Block[] }) {
  return blocks.map((block, i) => {
    switch (block.kind) {
      case 'h2':
        return <h2 key={i}>{block.text}</h2>;
      case 'p':
        return (
          <p key={i}>
            <RichText text={block.text} />
          </p>
        );
      case 'ul':
        return (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <RichText text={item} />
              </li>
            ))}
          </ul>
        );
      case 'storage-table':
        return (
          <Fragment key={i}>
            {/* Narrow screens: one card per item instead of a four-column table. */}
            <ul className="list-none! space-y-3 pl-0! sm:hidden">
              {block.items.map((row) => (
                <li key={row.name} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <p className="font-mono text-xs font-semibold break-words text-slate-900">{row.name}</p>
                  <p className="mt-1">
                    <strong>{row.kind}.</strong> {row.purpose}
                  </p>
                  <p className="mt-1 text-slate-600">How long: {row.duration}</p>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto sm:block">
              <table className="w-full border-collapse text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="py-2 pr-3">
                      Name
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Type
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Purpose
                    </th>
                    <th scope="col" className="py-2">
                      How long
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {block.items.map((row) => (
                    <tr key={row.name} className="border-b border-slate-200 align-top">
                      <td className="py-2 pr-3 font-mono text-xs break-words">{row.name}</td>
                      <td className="py-2 pr-3">{row.kind}</td>
                      <td className="py-2 pr-3">{row.purpose}</td>
                      <td className="py-2">{row.duration}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Fragment>
        );
    }
  });
}
