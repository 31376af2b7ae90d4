/**
 * The Templates tab's API and "Send Test Email" against the real app, a fresh database and a real
 * SMTP server on loopback (issue 12 part 3; admin-area §2, §5, §7, §8, §9): templates saved in the
 * database with the spec's fallbacks, unknown placeholders refused by name, senders limited to the
 * six on MAIL_DOMAIN, the client sync, the audit log, the test e-mail's SMTP outcome (accepted,
 * server down), and the access matrix of every endpoint.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { testEnv, type Env } from '../../env';
import { deliverDueEmails } from '../../email/sender.service';
import { headerOf, startSmtpCapture, unusedPort, type SmtpCapture } from '../../email/smtp-capture.test-support';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';
import { createTestApp } from '../../test-support/test-app';
import { createTestDatabase } from '../../test-support/test-db';
import { seedProducts } from '../price-checks/price-check.test-support';
import { expectAdminOnly, setProductFacts } from './emails.test-support';
import { DEFAULT_DEAL_ALERT_HTML, DEFAULT_TEMPLATE_SUBJECT } from '../../../common/email-templates';

const PUBLIC_URL = 'https://deals.example.co.uk';
let now = new Date('2026-11-23T10:00:00Z');
const clock = () => now;

let smtp: SmtpCapture;
let env: Env;
let database: Database;
let app: App;
let close: () => Promise<void>;
let admin: AdminHeaders;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env = testEnv({ PUBLIC_URL, SMTP_URL: smtp.url, MAIL_DOMAIN: 'dealalerts.example.co.uk' });
  database = await createTestDatabase();
  ({ app, close } = await createTestApp({
    database,
    env,
    clock,
    // As the server's sender loop does after every outbox write: deliver now.
    notifyOutbox: () => void deliverDueEmails({ db: database.db, env, clock }).catch(() => undefined),
  }));
  await seedProducts(database.db, [{ asin: 'B0TEMPLATE', pricePence: 1999, listPricePence: 2999, priceAsOf: now }]);
  await setProductFacts(database, 'B0TEMPLATE', {
    title: 'Kettle <b>bold</b> & "quoted"',
    deal: { percent: 33, label: 'Save on list price' },
  });
});

afterAll(async () => {
  await close?.();
  await database?.close();
  await smtp?.close();
});

beforeEach(async () => {
  admin = await signInAsAdmin(app, database, PUBLIC_URL, 'owner@example.com', now);
});

const save = (payload: unknown, method: 'POST' | 'PUT' = 'POST', id?: number) =>
  app.inject({ method, url: `/api/admin/email-templates${id ? `/${id}` : ''}`, headers: admin, payload: payload as object });

describe('templates in the database', () => {
  it('saves a template, lists it with the six senders, applies the fallbacks, edits and deletes it', async () => {
    const created = await save({ name: '  Weekly drop  ', subject: '', htmlContent: '  ', senderEmail: 'Deals@DealAlerts.example.co.uk' });
    expect(created.statusCode).toBe(201);
    const template = created.json();
    expect(template).toMatchObject({
      name: 'Weekly drop',
      subject: DEFAULT_TEMPLATE_SUBJECT,
      htmlContent: DEFAULT_DEAL_ALERT_HTML,
      senderEmail: 'deals@dealalerts.example.co.uk',
      isDefault: false,
    });

    const list = await app.inject({ method: 'GET', url: '/api/admin/email-templates', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().senders).toEqual([
      'noreply@dealalerts.example.co.uk',
      'info@dealalerts.example.co.uk',
      'deals@dealalerts.example.co.uk',
      'support@dealalerts.example.co.uk',
      'alerts@dealalerts.example.co.uk',
      'notifications@dealalerts.example.co.uk',
    ]);
    expect(list.json().templates.map((t: { name: string }) => t.name)).toContain('Weekly drop');

    const edited = await save(
      {
        name: 'Weekly drop',
        subject: 'Now £{{afterPrice}}',
        htmlContent: '<p>{{productTitle}}</p>',
        senderEmail: 'info@dealalerts.example.co.uk',
        isDefault: true,
      },
      'PUT',
      template.id,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ subject: 'Now £{{afterPrice}}', senderEmail: 'info@dealalerts.example.co.uk', isDefault: true });

    // Marking another default unmarks this one (at most one default).
    const other = await save({
      name: 'Other',
      subject: 's',
      htmlContent: '<p>x</p>',
      senderEmail: 'alerts@dealalerts.example.co.uk',
      isDefault: true,
    });
    expect(other.statusCode).toBe(201);
    const after = await app.inject({ method: 'GET', url: '/api/admin/email-templates', headers: admin });
    expect(
      after
        .json()
        .templates.filter((t: { isDefault: boolean }) => t.isDefault)
        .map((t: { name: string }) => t.name),
    ).toEqual(['Other']);

    const deleted = await app.inject({ method: 'DELETE', url: `/api/admin/email-templates/${template.id}`, headers: admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 1 });
    const again = await app.inject({ method: 'DELETE', url: `/api/admin/email-templates/${template.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
    await app.inject({ method: 'DELETE', url: `/api/admin/email-templates/${other.json().id}`, headers: admin });

    const audit = await app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=10', headers: admin });
    const actions = audit.json().entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['email-templates.create', 'email-templates.update', 'email-templates.delete']));
  });

  it('refuses unknown placeholders by name, unescaped and logic tags, a blank name and a sender outside the six', async () => {
    const unknown = await save({
      name: 'Bad',
      subject: 'Hi {{firstName}}',
      htmlContent: '<p>{{productTitle}} {{price}} {{discountCode}} {{price}}</p>',
      senderEmail: 'deals@dealalerts.example.co.uk',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('subject: unknown placeholder {{firstName}}');
    expect(unknown.json().message).toContain(
      'htmlContent: unknown placeholders {{price}}, {{discountCode}}; use only productTitle, asin, beforePrice',
    );

    const raw = await save({
      name: 'Raw',
      htmlContent: '<p>{{{productTitle}}} {{#asin}}x{{/asin}}</p>',
      senderEmail: 'deals@dealalerts.example.co.uk',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().message).toContain('{{{productTitle}}} would not be escaped');
    expect(raw.json().message).toContain('{{#asin}} is not supported');

    const blank = await save({ name: '   ', senderEmail: 'deals@dealalerts.example.co.uk' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/^name: must not be empty/);

    const sender = await save({ name: 'Spoof', senderEmail: 'ceo@dealalerts.example.co.uk' });
    expect(sender.statusCode).toBe(400);
    expect(sender.json().message).toBe(
      'senderEmail: must be one of the six sender addresses: noreply@dealalerts.example.co.uk, info@dealalerts.example.co.uk, deals@dealalerts.example.co.uk, support@dealalerts.example.co.uk, alerts@dealalerts.example.co.uk, notifications@dealalerts.example.co.uk',
    );
    const otherDomain = await save({ name: 'Spoof', senderEmail: 'deals@gmail.com' });
    expect(otherDomain.statusCode).toBe(400);

    await save({ name: 'Taken', senderEmail: 'deals@dealalerts.example.co.uk' });
    const taken = await save({ name: 'Taken', senderEmail: 'deals@dealalerts.example.co.uk' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('name: a template called "Taken" already exists');
  });

  it('merges the spec client’s browser-storage list by name and deletes nothing', async () => {
    const sync = (templates: unknown[]) =>
      app.inject({ method: 'POST', url: '/api/admin/email-templates/sync', headers: admin, payload: { templates } });
    const first = await sync([
      {
        id: 1732350000000,
        name: 'Synced A',
        subject: '',
        htmlContent: '<p>{{asin}}</p>',
        isDefault: false,
        createdAt: '2026-11-01T00:00:00Z',
      },
      { id: 'b', name: 'Synced B', subject: 'B {{afterPrice}}', htmlContent: '' },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: 2, updated: 0 });
    const a = first.json().templates.find((t: { name: string }) => t.name === 'Synced A');
    expect(a).toMatchObject({ subject: DEFAULT_TEMPLATE_SUBJECT, senderEmail: 'alerts@dealalerts.example.co.uk' });

    const second = await sync([{ name: 'Synced A', subject: 'Changed', htmlContent: '<p>{{asin}}</p>' }]);
    expect(second.json()).toMatchObject({ created: 0, updated: 1 });
    const names = second.json().templates.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['Synced A', 'Synced B']));

    const bad = await sync([{ name: 'X', htmlContent: '{{nope}}' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('templates.0.htmlContent: unknown placeholder {{nope}}');
  });
});

describe('POST /api/emails/test', () => {
  const test = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/emails/test', headers: admin, payload });

  it('sends the editor’s template through the outbox from the chosen sender and reports that the server took it', async () => {
    const before = smtp.messages.length;
    const res = await test({
      to: 'Tester@Example.com',
      from: 'deals@dealalerts.example.co.uk',
      subject: 'Test {{productTitle}} £{{afterPrice}}',
      template:
        '<html><body><h1>{{productTitle}}</h1><a href="{{affiliateUrl}}">Buy</a><a href="https://deals.example.co.uk/todays-deals">More</a></body></html>',
      templateName: 'Launch',
      requestId: '6f1c1a52-4a45-4d1e-9f0e-3f7d7b8c2a11',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'sent', message: 'The mail server accepted the test e-mail.' });
    expect(smtp.messages).toHaveLength(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.recipients).toEqual(['tester@example.com']);
    expect(mail.parsed.from?.address).toBe('deals@dealalerts.example.co.uk');
    // The sample is a real catalogue product; the subject is text, not HTML-escaped.
    expect(mail.parsed.subject).toBe('[Test] Test Kettle <b>bold</b> & "quoted" £19.99');
    const html = mail.parsed.html ?? '';
    expect(html).toContain('<h1>Kettle &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;</h1>');
    expect(html).not.toContain('<b>bold</b>');
    // Every link to our site carries the utm parameters; the product link is our tracked redirect.
    expect(html).toContain(
      'href="https://deals.example.co.uk/go/B0TEMPLATE?utm_source=email&amp;utm_medium=test&amp;utm_campaign=template-test"',
    );
    expect(html).toContain(
      'href="https://deals.example.co.uk/todays-deals?utm_source=email&amp;utm_medium=test&amp;utm_campaign=template-test"',
    );
    expect(html).toContain('This is a test of the template &quot;Launch&quot;');
    expect(html).toContain('As an Amazon Associate we earn from qualifying purchases.');
    // A test is not subscribed mail: no unsubscribe headers.
    expect(headerOf(mail.parsed, 'list-unsubscribe')).toBeUndefined();

    // The same request again (a retry) is not a second e-mail.
    const retry = await test({
      to: 'tester@example.com',
      from: 'deals@dealalerts.example.co.uk',
      subject: 'x',
      template: '<p>x</p>',
      requestId: '6f1c1a52-4a45-4d1e-9f0e-3f7d7b8c2a11',
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message).toContain('no second copy');
    expect(smtp.messages).toHaveLength(before + 1);
  });

  it('refuses a recipient that is not an e-mail, a sender outside the six and unknown placeholders', async () => {
    const to = await test({ to: 'not-an-address', from: 'deals@dealalerts.example.co.uk', template: '<p>x</p>' });
    expect(to.statusCode).toBe(400);
    expect(to.json().message).toBe('to: must be a valid e-mail address');
    const from = await test({ to: 'a@example.com', from: 'boss@dealalerts.example.co.uk', template: '<p>x</p>' });
    expect(from.statusCode).toBe(400);
    expect(from.json().message).toMatch(/^from: must be one of the six sender addresses/);
    const placeholder = await test({ to: 'a@example.com', from: 'deals@dealalerts.example.co.uk', template: '<p>{{couponCode}}</p>' });
    expect(placeholder.statusCode).toBe(400);
    expect(placeholder.json().message).toContain('template: unknown placeholder {{couponCode}}');
  });

  it('answers 503 with the reason when the mail server cannot be reached', async () => {
    const down = testEnv({ PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${await unusedPort()}`, MAIL_DOMAIN: 'dealalerts.example.co.uk' });
    const downDb = await createTestDatabase();
    const downApp = await createTestApp({
      database: downDb,
      env: down,
      clock,
      notifyOutbox: () => void deliverDueEmails({ db: downDb.db, env: down, clock }).catch(() => undefined),
    });
    try {
      const owner = await signInAsAdmin(downApp.app, downDb, PUBLIC_URL, 'owner@example.com', now);
      const res = await downApp.app.inject({
        method: 'POST',
        url: '/api/emails/test',
        headers: owner,
        payload: { to: 'a@example.com', from: 'noreply@dealalerts.example.co.uk', template: '' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/^smtp: the mail server could not take the test e-mail \((ECONNECTION|ESOCKET|ECONNREFUSED)/);
    } finally {
      await downApp.close();
      await downDb.close();
    }
  });
});

describe('who may call the template endpoints', () => {
  it('only a signed-in owner; writes only from this site', async () => {
    const move = (ms: number) => {
      now = new Date(now.getTime() + ms);
    };
    const body = { name: 'Matrix', senderEmail: 'deals@dealalerts.example.co.uk' };
    for (const call of [
      { method: 'GET', url: '/api/admin/email-templates' },
      { method: 'POST', url: '/api/admin/email-templates', payload: body },
      { method: 'PUT', url: '/api/admin/email-templates/1', payload: body },
      { method: 'DELETE', url: '/api/admin/email-templates/1' },
      { method: 'POST', url: '/api/admin/email-templates/sync', payload: { templates: [] } },
      { method: 'POST', url: '/api/emails/test', payload: { to: 'a@example.com', from: 'deals@dealalerts.example.co.uk' } },
    ] as const) {
      await expectAdminOnly(app, database, PUBLIC_URL, call, move);
    }
    // And the owner may (the valid case of the matrix).
    const ok = await app.inject({
      method: 'GET',
      url: '/api/admin/email-templates',
      headers: await signInAsAdmin(app, database, PUBLIC_URL),
    });
    expect(ok.statusCode).toBe(200);
  });
});
