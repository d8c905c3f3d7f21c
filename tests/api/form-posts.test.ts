import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import contactFunction from '../../netlify/functions/contact-send';
import newsletterFunction from '../../netlify/functions/newsletter-subscribe';
import { allPages } from '../../src/platform/db/paging';
import { eachLead } from '../../src/features/leads/messages-store';
import { confirmSubscription, getSubscriber, listSubscribers } from '../../src/features/newsletter/subscribers-store';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { testDatabase } from '../helpers/db-setup';
import { call } from '../helpers/functions';

// docs/architecture.md, "Forms without scripts": an HTML form's post, urlencoded, goes through the same schema,
// honeypot, quota and body limit as the islands' JSON, and is answered with a redirect to the result page.

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(async () => blobs.stop());

/** Everything stored: the database's rows and the Blobs files (equal: nothing was stored). */
async function stored() {
  return { rows: await testDatabase().snapshot(), files: await blobs.snapshot() };
}
afterEach(() => {
  delete process.env['QUOTA_CONTACT_PER_IP'];
});

function postForm(
  handler: typeof contactFunction,
  path: string,
  fields: Record<string, string>,
  ip = '198.51.100.7',
): Promise<Response> {
  return call(handler, path, {
    method: 'POST',
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    ip,
  });
}

const contactFields = {
  name: 'María José Núñez',
  email: ' MJ.Nunez@Example.es ',
  company: '',
  phone: '',
  serviceOfInterest: 'ai-solutions',
  message: '¿Podemos hablar sobre la planificación de la demanda?',
  website: '',
};

describe('the contact form posted without its script', () => {
  it('stores the message as the JSON path does and sends the browser to the result page (303)', async () => {
    const response = await postForm(contactFunction, '/api/contact?lang=es', contactFields);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/es/form-result?form=contact&result=sent');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const stored = (await allPages(eachLead())).find((message) => message.name === 'María José Núñez');
    expect(stored).toMatchObject({
      email: 'mj.nunez@example.es',
      company: null,
      phone: null,
      serviceOfInterest: 'ai-solutions',
      message: contactFields.message,
    });
  });

  it('refuses a form with a bad field with a 307 (the browser posts the fields to the result page), storing nothing, nothing typed in the URL', async () => {
    const before = await stored();
    const response = await postForm(contactFunction, '/api/contact', {
      ...contactFields,
      name: 'Secret Name',
      email: 'not-an-address',
    });
    expect(response.status).toBe(307);
    const location = response.headers.get('location') ?? '';
    expect(location).toBe('/form-result?form=contact&result=invalid');
    expect(location).not.toMatch(/Secret|not-an-address/);
    expect(await stored()).toEqual(before);
  });

  it('answers a filled honeypot as a success and stores nothing', async () => {
    const before = await stored();
    const response = await postForm(contactFunction, '/api/contact?lang=en', { ...contactFields, website: 'spam' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/form-result?form=contact&result=sent');
    expect(await stored()).toEqual(before);
  });

  it('counts against the same daily quota as the JSON path: past it, the result page says the limit is reached', async () => {
    process.env['QUOTA_CONTACT_PER_IP'] = '1';
    const ip = '203.0.113.41';
    const json = await call(contactFunction, '/api/contact', {
      method: 'POST',
      body: { ...contactFields, name: 'Quota one' },
      ip,
    });
    expect(json.status).toBe(201);
    const response = await postForm(
      contactFunction,
      '/api/contact?lang=es',
      { ...contactFields, name: 'Quota two' },
      ip,
    );
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/es/form-result?form=contact&result=limit');
    expect((await allPages(eachLead())).some((message) => message.name === 'Quota two')).toBe(false);
  });

  it('takes a 5,000-character message of accented text (percent-encoded, three times its JSON size), and refuses a larger body with 303 to the error', async () => {
    const message = 'ñ'.repeat(5000);
    const accepted = await postForm(contactFunction, '/api/contact', { ...contactFields, name: 'Long', message });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe('/form-result?form=contact&result=sent');
    const tooLarge = await postForm(contactFunction, '/api/contact', { ...contactFields, message: 'ñ'.repeat(9000) });
    expect(tooLarge.status).toBe(303);
    expect(tooLarge.headers.get('location')).toBe('/form-result?form=contact&result=error');
  });

  it('ignores a language it does not know, and keeps JSON answers for JSON', async () => {
    const response = await postForm(contactFunction, '/api/contact?lang=https://evil.example', {
      ...contactFields,
      name: '',
    });
    expect(response.headers.get('location')).toBe('/form-result?form=contact&result=invalid');
    const json = await call(contactFunction, '/api/contact', { method: 'POST', body: { ...contactFields, name: '' } });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ message: 'Name is required', field: 'name' });
  });
});

describe('the newsletter forms posted without their script', () => {
  it('subscribes with either name field, then answers the same address as a duplicate', async () => {
    const first = await postForm(newsletterFunction, '/api/newsletter?lang=en', {
      fullName: 'Lucía Fernández',
      email: 'lucia.form@example.es',
      website: '',
    });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/form-result?form=newsletter&result=sent');
    const second = await postForm(newsletterFunction, '/api/newsletter?lang=es', {
      name: 'Tom Baker',
      email: 'tom.form@example.com',
      website: '',
    });
    expect(second.headers.get('location')).toBe('/es/form-result?form=newsletter&result=sent');
    const emails = (await listSubscribers()).map((subscriber) => [subscriber.fullName, subscriber.email]);
    expect(emails).toEqual(
      expect.arrayContaining([
        ['Lucía Fernández', 'lucia.form@example.es'],
        ['Tom Baker', 'tom.form@example.com'],
      ]),
    );
    // Double opt-in: the address is a duplicate once confirmed.
    await confirmSubscription((await getSubscriber('tom.form@example.com'))!.token!);
    const again = await postForm(newsletterFunction, '/api/newsletter?lang=es', {
      name: 'Tom',
      email: 'TOM.form@example.com',
    });
    expect(again.status).toBe(307);
    expect(again.headers.get('location')).toBe('/es/form-result?form=newsletter&result=duplicate');
  });

  it('refuses a missing name with a 307 to the invalid result', async () => {
    const response = await postForm(newsletterFunction, '/api/newsletter', { name: ' ', email: 'x@example.com' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/form-result?form=newsletter&result=invalid');
  });
});
