import { describe, expect, it } from 'vitest';
import {
  classify,
  deviceOf,
  isCountedPath,
  normalisePath,
  parsePageUrl,
  referrerOf,
} from '../../src/features/analytics/classify';
import { addDays, daysBetween, firmDay, firmDayStart } from '../../src/platform/time-zone';

const SITE = 'vantiapartners.com';
const none = parsePageUrl('https://vantiapartners.com/')!.parameters;
const tagged = (query: string) => parsePageUrl(`https://vantiapartners.com/?${query}`)!.parameters;

describe('a pageview URL', () => {
  it('keeps the path and only the UTMs and ref of its query string', () => {
    const page = parsePageUrl(
      'https://vantiapartners.com/es/insights/x/?utm_source=linkedin&utm_campaign=dec-webinar&email=ana@x.es&gclid=1&ref=sig',
    )!;
    expect(page.path).toBe('/es/insights/x');
    expect(page.host).toBe('vantiapartners.com');
    expect(page.parameters).toEqual({
      utm_source: 'linkedin',
      utm_medium: null,
      utm_campaign: 'dec-webinar',
      utm_content: null,
      utm_term: null,
      ref: 'sig',
    });
    expect(JSON.stringify(page)).not.toContain('ana@x.es');
  });

  it('refuses what is no http(s) URL, and bounds what it keeps', () => {
    expect(parsePageUrl('javascript:alert(1)')).toBeNull();
    expect(parsePageUrl('not a url')).toBeNull();
    expect(normalisePath(`/${'a'.repeat(1000)}`)).toHaveLength(400);
    expect(tagged(`utm_source=${'x'.repeat(500)}`).utm_source).toHaveLength(100);
    expect(normalisePath('/insights//x/')).toBe('/insights/x');
    // Never a path a browser would open as another site's address.
    expect(normalisePath('/%5Cevil.example/x')).toBe('/evil.example/x');
    expect(normalisePath('/\\evil.example')).toBe('/evil.example');
    expect(normalisePath('//evil.example')).toBe('/evil.example');
    expect(parsePageUrl('https://vantiapartners.com/%5C%5Cevil.example/login')!.path).toBe('/evil.example/login');
    expect(normalisePath('/es/sobre%20nosotros')).toBe('/es/sobre nosotros');
  });

  it('leaves the dashboard and the API uncounted', () => {
    expect(isCountedPath('/admin')).toBe(false);
    expect(isCountedPath('/es/admin')).toBe(false);
    expect(isCountedPath('/api/contact')).toBe(false);
    expect(isCountedPath('/insights/admin-tools')).toBe(true);
    expect(isCountedPath('/')).toBe(true);
  });
});

describe('the referrer', () => {
  it('drops a self-referral, keeps a search engine as its domain and another site with its path', () => {
    expect(referrerOf('https://vantiapartners.com/insights', SITE)).toBeNull();
    expect(referrerOf('https://www.vantiapartners.com/', SITE)).toBeNull();
    expect(referrerOf('http://localhost:8888/es', 'localhost:8888')).toBeNull();
    expect(referrerOf('https://www.google.es/search?q=consultora+madrid', SITE)).toBe('google.es');
    expect(referrerOf('https://blog.example.org/posts/ai?utm=1', SITE)).toBe('blog.example.org/posts/ai');
    expect(referrerOf('https://www.linkedin.com/', SITE)).toBe('linkedin.com');
    expect(referrerOf('', SITE)).toBeNull();
    expect(referrerOf('android-app://com.google.android.gm', SITE)).toBeNull();
  });
});

describe('the channel', () => {
  it('is direct with neither UTMs nor a referrer', () => {
    expect(classify(none, null)).toMatchObject({ channel: 'direct', source: null });
  });

  it('names search engines, social networks and webmail from the referrer, any other site a referral', () => {
    expect(classify(none, 'google.com.mx')).toMatchObject({ channel: 'search', source: 'Google' });
    expect(classify(none, 'duckduckgo.com')).toMatchObject({ channel: 'search', source: 'DuckDuckGo' });
    expect(classify(none, 'linkedin.com/feed')).toMatchObject({ channel: 'social', source: 'LinkedIn' });
    expect(classify(none, 'lnkd.in/abc')).toMatchObject({ channel: 'social', source: 'LinkedIn' });
    expect(classify(none, 'mail.google.com')).toMatchObject({ channel: 'email', source: 'Gmail' });
    expect(classify(none, 'mail.yahoo.com')).toMatchObject({ channel: 'email', source: 'Yahoo Mail' });
    expect(classify(none, 't.co/abc')).toMatchObject({ channel: 'social', source: 'X' });
    expect(classify(none, 't.me/channel')).toMatchObject({ channel: 'social', source: 'Telegram' });
    expect(classify(none, 'blog.example.org/posts/ai')).toMatchObject({
      channel: 'referral',
      source: 'blog.example.org',
    });
  });

  it('takes the UTMs first: the medium names e-mail, social or search, any other tagged link is a campaign', () => {
    expect(classify(tagged('utm_source=newsletter&utm_medium=email&utm_campaign=dec'), 'google.com')).toMatchObject({
      channel: 'email',
      source: 'Newsletter',
      medium: 'email',
      campaign: 'dec',
    });
    expect(classify(tagged('utm_source=linkedin&utm_medium=social&utm_campaign=dec-webinar'), null)).toMatchObject({
      channel: 'social',
      source: 'LinkedIn',
      campaign: 'dec-webinar',
    });
    expect(classify(tagged('utm_source=google&utm_medium=cpc'), null)).toMatchObject({
      channel: 'search',
      source: 'Google',
    });
    expect(classify(tagged('utm_source=linkedin'), null)).toMatchObject({ channel: 'social', source: 'LinkedIn' });
    expect(classify(tagged('utm_source=partner-event&utm_medium=qr'), 'linkedin.com')).toMatchObject({
      channel: 'campaign',
      source: 'partner-event',
    });
    expect(classify(tagged('utm_campaign=spring'), 'blog.example.org')).toMatchObject({
      channel: 'campaign',
      source: 'blog.example.org',
      campaign: 'spring',
    });
  });

  it('reads ref as a source without a medium (a partner e-mail signature)', () => {
    expect(classify(tagged('ref=signature'), null)).toMatchObject({ channel: 'email', source: 'signature' });
    expect(classify(tagged('ref=linkedin'), null)).toMatchObject({ channel: 'social', source: 'LinkedIn' });
    expect(classify(tagged('ref=podcast'), 'google.com')).toMatchObject({ channel: 'referral', source: 'podcast' });
  });
});

describe('the device and the firm day', () => {
  it('classes a width as Plausible does', () => {
    expect(deviceOf(390)).toBe('mobile');
    expect(deviceOf(575)).toBe('mobile');
    expect(deviceOf(576)).toBe('tablet');
    expect(deviceOf(991)).toBe('tablet');
    expect(deviceOf(1440)).toBe('desktop');
    expect(deviceOf(null)).toBeNull();
    expect(deviceOf(0)).toBeNull();
  });

  it('counts days in Madrid, summer time included', () => {
    expect(firmDay(new Date('2026-12-07T22:59:59Z'))).toBe('2026-12-07');
    expect(firmDay(new Date('2026-12-07T23:00:00Z'))).toBe('2026-12-08');
    expect(firmDay(new Date('2026-07-07T21:59:59Z'))).toBe('2026-07-07');
    expect(firmDay(new Date('2026-07-07T22:00:00Z'))).toBe('2026-07-08');
    expect(firmDayStart('2026-12-08').toISOString()).toBe('2026-12-07T23:00:00.000Z');
    expect(firmDayStart('2026-07-08').toISOString()).toBe('2026-07-07T22:00:00.000Z');
    // The day summer time starts (29 March 2026) and ends (25 October 2026).
    expect(firmDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(firmDayStart('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(firmDayStart('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
  });
});
