// `npm run bench:chat [-- --runs N]`: how quick the chat feels, on the production site served as
// `npm run bench:lighthouse` serves it (scripts/bench-serve.ts), with the model a fake OpenAI server on 127.0.0.1
// that streams its reply at once (so the figures are the site's own: the panel's code, the function, the search).
// In Chromium (tests/helpers/browser.ts), N times each (default 5), cold (a new browser context: empty cache, first
// open) and warm (the same context, page loaded again): from the click on the chat button to the chat's input having
// the focus, and from Enter on a question to the first word of the answer on screen. Times are taken in the page
// (the events' own timestamps and `performance.now()`), not through the automation's round trips.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../tests/helpers/browser';
import { startFakeOpenAi } from '../tests/helpers/fake-openai';
import { percentile, startBenchSite } from './bench-serve';

const PORT = 8896;
const PROXY_PORT = 8895;
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt === -1 ? 5 : Number(process.argv[runsAt + 1]);
const QUESTION = 'How do you help a family business prepare for a sale?';
const REPLY =
  'We start with a readiness review of the accounts, the team and the buyers who would pay most, then run the process.';

interface Sample {
  focus: number;
  firstToken: number;
}

/** One visit: open the chat, then ask. Both intervals in milliseconds, measured in the page. */
async function visit(page: Page, url: string): Promise<Sample> {
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { benchMarks: Record<string, number> }).benchMarks = marks;
    document.addEventListener('click', (event) => (marks['click'] ??= event.timeStamp), { capture: true });
    document.addEventListener('focusin', (event) => {
      if ((event.target as Element).id === 'chat-input') marks['focus'] ??= performance.now();
    });
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter') marks['enter'] ??= event.timeStamp;
      },
      { capture: true },
    );
  });
  const marks = () => page.evaluate(() => (window as unknown as { benchMarks: Record<string, number> }).benchMarks);

  await page.locator('[data-chat-launcher]').click();
  await page.waitForFunction(() => (window as unknown as { benchMarks: Record<string, number> }).benchMarks['focus']);
  const opened = await marks();

  await page.locator('#chat-input').pressSequentially(QUESTION, { delay: 0 });
  // The first word of the answer: the bot's second message (the first is the greeting) gets text, seen at the next
  // frame after the change (when it is painted).
  await page.evaluate((first) => {
    const marks = (window as unknown as { benchMarks: Record<string, number> }).benchMarks;
    const log = document.querySelector('[data-chat-panel] [role="log"]')!;
    const observer = new MutationObserver(() => {
      const answers = log.querySelectorAll('[data-sender="bot"]');
      if (answers.length > 1 && (answers[answers.length - 1]?.textContent ?? '').includes(first)) {
        observer.disconnect();
        requestAnimationFrame(() => (marks['token'] = performance.now()));
      }
    });
    observer.observe(log, { childList: true, subtree: true, characterData: true });
  }, REPLY.split(' ')[0]!);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (window as unknown as { benchMarks: Record<string, number> }).benchMarks['token'], {
    timeout: 30_000,
  });
  const asked = await marks();
  return { focus: opened['focus']! - opened['click']!, firstToken: asked['token']! - asked['enter']! };
}

const openai = await startFakeOpenAi();
openai.respondWith({ text: REPLY });
console.log('Building and serving the production site…');
const site = await startBenchSite({
  port: PORT,
  proxyPort: PROXY_PORT,
  env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: openai.baseURL, OPENAI_MODEL: 'bench-model' },
});
let browser: Browser | undefined;
try {
  browser = await launchBrowser();
  const cold: Sample[] = [];
  const warm: Sample[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    cold.push(await visit(page, `${site.base}/`));
    warm.push(await visit(page, `${site.base}/`));
    await context.close();
  }
  const row = (samples: Sample[], key: keyof Sample) => ({
    median: `${Math.round(
      percentile(
        samples.map((sample) => sample[key]),
        0.5,
      ),
    )} ms`,
    p95: `${Math.round(
      percentile(
        samples.map((sample) => sample[key]),
        0.95,
      ),
    )} ms`,
    all: samples.map((sample) => Math.round(sample[key])).join(', '),
  });
  console.table({
    'click → input focused, cold': row(cold, 'focus'),
    'click → input focused, warm': row(warm, 'focus'),
    'Enter → first word, cold': row(cold, 'firstToken'),
    'Enter → first word, warm': row(warm, 'firstToken'),
  });
  console.log(`(${RUNS} runs each, Chromium, 1280×900, no throttling; the model answers at once)`);
  if (openai.requests.length < RUNS * 2) throw new Error('Some questions were answered without the model');
} finally {
  await browser?.close();
  await site.stop();
  await openai.stop();
}
