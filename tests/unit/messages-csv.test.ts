import { describe, expect, it } from 'vitest';
import { MESSAGES_CSV_HEADER, messageRows } from '../../src/features/leads/csv';
import { leadSchema, type Lead } from '../../src/features/leads/schema';

const lead = (fields: Partial<Lead> = {}): Lead =>
  leadSchema.parse({
    id: 'lead-1',
    name: 'Lina',
    email: 'lina@example.com',
    company: null,
    serviceOfInterest: null,
    message: 'Hello',
    createdAt: '2025-12-01T10:00:00.000Z',
    status: 'closed',
    owner: 'partner',
    notes: 'Called',
    ...fields,
  });

const row = (record: Lead) => messageRows({ entries: [] })(record)[0]!;
const cell = (record: Lead, column: (typeof MESSAGES_CSV_HEADER)[number]) =>
  row(record)[MESSAGES_CSV_HEADER.indexOf(column)];

describe('the Messages export', () => {
  it('keeps its first columns and appends the attribution and the outcome after them', () => {
    expect(MESSAGES_CSV_HEADER).toEqual([
      'Name',
      'Email',
      'Company',
      'Service',
      'Date',
      'Phone',
      'Message',
      'Source',
      'Language',
      'Status',
      'Owner',
      'Notes',
      'Channel',
      'Referrer source',
      'Medium',
      'Campaign',
      'Referrer',
      'Landing page',
      'Pages viewed',
      'Outcome',
      'Value (EUR)',
    ]);
    expect(row(lead())).toHaveLength(MESSAGES_CSV_HEADER.length);
  });

  it('writes where the lead came from, the pages in order, and how it ended', () => {
    const attributed = lead({
      outcome: 'won',
      value: 48000,
      attribution: {
        channel: 'social',
        source: 'LinkedIn',
        medium: 'social',
        campaign: 'dec-webinar',
        referrer: 'linkedin.com/feed',
        landingPage: '/',
        pagesViewed: ['/', '/insights/data-products', '/services'],
        country: 'ES',
        device: 'desktop',
      },
    });
    expect(row(attributed).slice(MESSAGES_CSV_HEADER.indexOf('Channel'))).toEqual([
      'social',
      'LinkedIn',
      'social',
      'dec-webinar',
      'linkedin.com/feed',
      '/',
      '/ > /insights/data-products > /services',
      'won',
      48000,
    ]);
    expect(cell(attributed, 'Notes')).toBe('Called');
  });

  it('leaves them empty for a lead no visit explains and nobody has closed', () => {
    const plain = lead({ status: 'new' });
    expect(row(plain).slice(MESSAGES_CSV_HEADER.indexOf('Channel'))).toEqual(Array(9).fill(null));
  });
});
