import { describe, expect, it } from 'vitest';
import contactFunction from '../../netlify/functions/contact-send';
import leadFunction from '../../netlify/functions/admin-lead-delete';
import replyFunction from '../../netlify/functions/admin-lead-reply';
import messagesFunction from '../../netlify/functions/admin-leads';
import type { LeadRow, LeadSummary } from '../../src/features/leads/schema';
import { asAdmin, useAdminBench } from '../helpers/admin';
import { call, callJson } from '../helpers/functions';

const bench = useAdminBench();
const admin = (options: Parameters<typeof asAdmin>[1] = {}) => asAdmin(bench.cookie(), options);

async function contact(name: string, message: string): Promise<string> {
  const { status, body } = await callJson<{ id: string }>(contactFunction, '/api/contact', {
    method: 'POST',
    body: { name, email: `${name.toLowerCase()}@example.com`, message },
    ip: '10.91.0.1',
  });
  expect(status).toBe(201);
  return body.id;
}

async function summary(): Promise<LeadSummary> {
  const { status, body, headers } = await callJson<LeadSummary>(
    messagesFunction,
    '/api/contact-messages?summary',
    admin(),
  );
  expect(status).toBe(200);
  expect(headers.get('cache-control')).toBe('private, no-store');
  return body;
}

async function rows(): Promise<LeadRow[]> {
  const { status, body } = await callJson<LeadRow[]>(messagesFunction, '/api/contact-messages', admin());
  expect(status).toBe(200);
  return body;
}

describe('the Messages list: previews, unread and waiting counts', () => {
  it('answers 401 to a visitor for the counts', async () => {
    const { status } = await callJson(messagesFunction, '/api/contact-messages?summary');
    expect(status).toBe(401);
  });

  it('shows each message as one line of at most 140 characters, and counts unread and waiting leads', async () => {
    expect(await summary()).toEqual({ unread: 0, waiting: 0, oldestWaitingSince: null });
    const long = `First line of a long question.\n\n  ${'about our supply chain and planning '.repeat(8)}END`;
    const first = await contact('Alba', long);
    const second = await contact('Bruno', 'Short <b>note</b>');
    const third = await contact('Carla', 'Another one');

    const list = await rows();
    expect(list.map((row) => row.name)).toEqual(['Carla', 'Bruno', 'Alba']);
    const alba = list.find((row) => row.id === first)!;
    expect(alba.preview.length).toBeLessThanOrEqual(140);
    expect(alba.preview).toMatch(/^First line of a long question\. about our supply chain .*…$/);
    expect(alba.preview).not.toContain('\n');
    expect(alba.preview).not.toContain('END');
    expect(list.find((row) => row.id === second)!.preview).toBe('Short <b>note</b>');
    expect(list.every((row) => row.readAt === null)).toBe(true);
    expect(await summary()).toEqual({ unread: 3, waiting: 3, oldestWaitingSince: alba.createdAt });

    // An admin opens Alba's message: read, still waiting.
    const opened = await callJson(leadFunction, `/api/contact-messages/${first}`, {
      ...admin(),
      params: { id: first },
    });
    expect(opened.status).toBe(200);
    expect(await summary()).toEqual({ unread: 2, waiting: 3, oldestWaitingSince: alba.createdAt });
    const readAt = (await rows()).find((row) => row.id === first)!.readAt;
    expect(readAt).not.toBeNull();
    // Opening it again keeps the first reading.
    await callJson(leadFunction, `/api/contact-messages/${first}`, { ...admin(), params: { id: first } });
    expect((await rows()).find((row) => row.id === first)!.readAt).toBe(readAt);

    // A reply to Bruno: read and no longer waiting.
    const reply = await callJson(replyFunction, `/api/contact-messages/${second}/reply`, {
      ...admin({ method: 'POST', body: { language: 'en', subject: 'Re: your note', body: 'Thanks, Bruno.' } }),
      params: { id: second },
    });
    expect(reply.status).toBe(201);
    expect(await summary()).toEqual({ unread: 1, waiting: 2, oldestWaitingSince: alba.createdAt });

    // Alba's lead closed by hand: the oldest waiting is now Carla's.
    const closed = await callJson(leadFunction, `/api/contact-messages/${first}`, {
      ...admin({ method: 'PUT', body: { status: 'closed' } }),
      params: { id: first },
    });
    expect(closed.status).toBe(200);
    const carla = (await rows()).find((row) => row.id === third)!;
    expect(await summary()).toEqual({ unread: 1, waiting: 1, oldestWaitingSince: carla.createdAt });
  });
});

describe('the messages CSV', () => {
  it('shows a phone number as typed, and still neutralises a formula', async () => {
    for (const [name, phone] of [
      ['Phoebe', '+34 600 123 456'],
      ['Formula', '+1+1'],
    ] as const) {
      const { status } = await callJson(contactFunction, '/api/contact', {
        method: 'POST',
        body: { name, email: `${name.toLowerCase()}@csv.example`, phone, message: 'Call me' },
        ip: '10.91.0.2',
      });
      expect(status).toBe(201);
    }
    const csv = await (await call(messagesFunction, '/api/contact-messages?format=csv', admin())).text();
    expect(csv).toContain('"+34 600 123 456"');
    expect(csv).not.toContain("'+34");
    expect(csv).toContain(`"'+1+1"`);
  });
});
