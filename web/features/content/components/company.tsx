/** The company details of the footer and legal pages, from GET /api/config (COMPANY_NAME, COMPANY_ADDRESS, CONTACT_EMAIL). */
import type { CompanyDetails } from '../../../../common/content/document';
import { useConfig } from '../../../lib/config.query';

export type { CompanyDetails };

/** Neutral stand-ins while the configuration loads (the server's own defaults). */
const DEFAULTS: CompanyDetails = { name: 'Deal Alerts UK', address: 'United Kingdom', email: 'contact@dealalerts.localhost' };

export function useCompany(): CompanyDetails {
  const { data } = useConfig();
  return data ? { name: data.companyName, address: data.companyAddress, email: data.contactEmail } : DEFAULTS;
}

export function ContactEmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}
