// @vitest-environment happy-dom
/**
 * The static pages in the app (content-and-account-pages §2.7, §2.10; issue 10): the Privacy Policy,
 * Terms of Service, Cookie Policy, FAQ, How It Works and About show every word of
 * common/content/*.ts, the text the server also sends in the first HTML response
 * (server/features/seo/first-html.test.ts), with the company details of GET /api/config written as
 * text, links to our own pages as client-side links, and the contact address as a mailto: link.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ABOUT, catalogueStat } from '../../../../common/content/about';
import { blockTexts, plainText, type CompanyDetails } from '../../../../common/content/document';
import { FAQ_CATEGORIES, FAQ_INTRO } from '../../../../common/content/faq';
import { HOW_IT_WORKS } from '../../../../common/content/how-it-works';
import { COOKIE_POLICY } from '../../../../common/content/cookie-policy';
import { PRIVACY_POLICY } from '../../../../common/content/privacy-policy';
import { TERMS_OF_SERVICE } from '../../../../common/content/terms-of-service';
import { AboutPage } from '../../../routes/about.route';
import { CookiePolicyPage } from '../../../routes/cookie-policy.route';
import { FaqPage } from '../../../routes/faq.route';
import { HowItWorksPage } from '../../../routes/how-it-works.route';
import { PrivacyPolicyPage } from '../../../routes/privacy-policy.route';
import { TermsOfServicePage } from '../../../routes/terms-of-service.route';
import { fakeApi, renderPage } from '../../../testing/harness';

const COMPANY: CompanyDetails = {
  name: 'Example Deals Ltd',
  address: '1 <b>High</b> St & Sons, London',
  email: 'hello@deals.example.co.uk',
};

function serveConfig(catalogueSize = 0) {
  fakeApi({
    'GET /api/config': {
      json: {
        affiliateTag: 'deals-21',
        affiliateTagNewUser: 'deals-new-21',
        demo: false,
        version: '1.0.0',
        catalogueSize,
        companyName: COMPANY.name,
        companyAddress: COMPANY.address,
        contactEmail: COMPANY.email,
      },
    },
  });
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const pageText = () => squash(document.body.textContent ?? '');

/** Waits for `loaded` (a company detail from the configuration), then checks that every text is on the page. */
async function expectTexts(texts: string[], loaded: string | null = COMPANY.email) {
  if (loaded) await waitFor(() => expect(pageText()).toContain(loaded));
  const text = pageText();
  for (const expected of texts) expect(text).toContain(squash(expected));
}

describe('static pages show the shared text', () => {
  it.each([
    ['/privacy-policy', <PrivacyPolicyPage />, PRIVACY_POLICY],
    ['/terms-of-service', <TermsOfServicePage />, TERMS_OF_SERVICE],
    ['/cookie-policy', <CookiePolicyPage />, COOKIE_POLICY],
  ] as const)('%s: title, date, intro and every section', async (url, element, page) => {
    serveConfig();
    renderPage(element, url);
    expect(screen.getByRole('heading', { level: 1, name: page.title })).toBeInTheDocument();
    await expectTexts([`Last updated: ${page.updated}`, page.intro, ...blockTexts(page.body, COMPANY)]);
    // Back and Home above and below the text.
    expect(screen.getAllByRole('link', { name: 'Home' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(2);
    for (const h2 of page.body.filter((b) => b.kind === 'h2'))
      expect(screen.getByRole('heading', { level: 2, name: h2.text })).toBeInTheDocument();
  });

  it('the Privacy Policy writes the address as text, links the contact address and the Cookie Policy', async () => {
    serveConfig();
    const { user, router } = renderPage(<PrivacyPolicyPage />, '/privacy-policy');
    await waitFor(() => expect(pageText()).toContain(COMPANY.address));
    expect(document.querySelector('b')).toBeNull();
    for (const mail of screen.getAllByRole('link', { name: COMPANY.email }))
      expect(mail).toHaveAttribute('href', `mailto:${COMPANY.email}`);
    expect(screen.getByText('Your e-mail address').tagName).toBe('STRONG');
    await user.click(screen.getByRole('link', { name: 'Cookie Policy' }));
    expect(router.state.location.pathname).toBe('/cookie-policy');
  });

  it('the Cookie Policy lists what the browser keeps, as a table and as cards', async () => {
    serveConfig();
    renderPage(<CookiePolicyPage />, '/cookie-policy');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Type', 'Purpose', 'How long']);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 7);
    expect(screen.getAllByText('How long: Until you close the tab')).toHaveLength(3);
  });

  it('the FAQ shows every category, question and answer', async () => {
    serveConfig();
    renderPage(<FaqPage />, '/faq');
    await expectTexts(
      [
        plainText(FAQ_INTRO, COMPANY),
        ...FAQ_CATEGORIES.flatMap((c) => [c.title, ...c.items.flatMap((item) => [item.q, plainText(item.a, COMPANY)])]),
      ],
      null,
    );
    // In a closed category: in the page, hidden until opened.
    expect(screen.getByRole('link', { name: 'Privacy Policy', hidden: true })).toHaveAttribute('href', '/privacy-policy');
  });

  it('How It Works shows the four steps and the two ways on', async () => {
    serveConfig();
    renderPage(<HowItWorksPage />, '/how-it-works');
    expect(screen.getByRole('heading', { level: 1, name: HOW_IT_WORKS.title })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    for (const step of HOW_IT_WORKS.steps) {
      expect(screen.getByRole('heading', { level: 2, name: step.title })).toBeInTheDocument();
      expect(screen.getByText(step.text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: "Browse Today's Deals" })).toHaveAttribute('href', '/todays-deals');
    expect(screen.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '/faq');
  });

  it('About shows every section, the company details and the catalogue size', async () => {
    serveConfig(3870);
    renderPage(<AboutPage />, '/about-us');
    await expectTexts([
      `About ${COMPANY.name}`,
      ABOUT.tagline,
      ...ABOUT.story.paragraphs,
      ...ABOUT.mission.paragraphs,
      ...[...ABOUT.values, ...ABOUT.team].flatMap((card) => [card.title, card.text]),
      ...ABOUT.stats.flatMap((stat) => [stat.number, stat.label]),
      COMPANY.address,
    ]);
    await waitFor(() => expect(pageText()).toContain(`${catalogueStat(3870).number}${catalogueStat(3870).label}`));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`About ${COMPANY.name}`);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/privacy-policy', '/terms-of-service', '/cookie-policy']);
  });
});
