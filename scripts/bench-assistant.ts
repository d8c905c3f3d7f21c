// `npm run bench:assistant`: the chat assistant's evaluation. The questions of
// scripts/assistant-questions.ts go to the real chat function (in this process)
// against a real local database seeded with the demo content, twice:
//   1. without OPENAI_API_KEY: does the built-in assistant's answer link the right page?
//   2. with a model on a fake OpenAI server on 127.0.0.1 (no network, no real key):
//      is the right page in the context the model gets, and how large is that context?
// Then the catalogue grows to 156+ insights and the context is measured again.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Context } from '@netlify/functions';
import { startTestDatabase } from '../tests/helpers/db';
import { BENCH_QUESTIONS, type BenchQuestion } from './assistant-questions';

// The demo content is seeded into a database of the bench's own, in memory.
const database = await startTestDatabase();
process.env['JWT_SECRET'] = 'bench-secret-that-is-long-enough-0123456789abcdef';
delete process.env['OPENAI_API_KEY'];

// The fake model: records each system prompt and answers with a fixed sentence.
const systemPrompts: string[] = [];
const answerModel = async (request: IncomingMessage, response: ServerResponse) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: Array<{ content: string }> };
  systemPrompts.push(body.messages[0]!.content);
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      id: 'chatcmpl-bench',
      object: 'chat.completion',
      created: 1,
      model: 'bench',
      choices: [{ index: 0, message: { role: 'assistant', content: 'A model reply.' }, finish_reason: 'stop' }],
    }),
  );
};
// node:http ignores what a listener returns: each request is answered on its own (fire and forget, as before).
const fakeOpenAi = createServer((request, response) => void answerModel(request, response));
await new Promise<void>((resolve) => fakeOpenAi.listen(0, '127.0.0.1', resolve));
const modelUrl = `http://127.0.0.1:${(fakeOpenAi.address() as AddressInfo).port}/v1`;

const { demoRecords } = await import('../src/features/content/seed');
const { portfolioContent } = await import('../src/features/content/portfolio');
const { insightContent } = await import('../src/features/content/insights');
const { newId } = await import('../src/platform/ids');
const { byLanguage } = await import('../src/i18n/languages');
const { resetEnvCache } = await import('../src/platform/env');
const { MAX_MODEL_CONTEXT_BYTES } = await import('../src/features/chat/assistant');
const chatFunction = (await import('../netlify/functions/chat')).default;

const demo = demoRecords();
await portfolioContent.saveMany(demo.portfolio);
await insightContent.saveMany(demo.insights);

/** A question's page as a relative URL in its language. */
function pageUrl(page: string, language: 'en' | 'es'): string {
  const prefix = language === 'es' ? '/es' : '';
  if (page.startsWith('#')) return `${prefix}/${page}`;
  const [kind, key] = page.split(':') as [string, string];
  if (kind === 'case') return `${prefix}/portfolio/${demo.portfolio[Number(key)]!.slugs[language]}`;
  const insight = demo.insights.find((candidate) => candidate.slugs.en === key);
  if (!insight) throw new Error(`No demo insight ${key}`);
  return `${prefix}/insights/${insight.slugs[language]}`;
}

interface Answer {
  message: string;
  sessionId: string;
  sources: Array<{ title: string; url: string; type: string }>;
}

let visitor = 0;
async function ask(message: string, language: 'en' | 'es', sessionId?: string): Promise<Answer> {
  // Each conversation from its own address, as separate visitors (a per-visitor quota never counts the bench as one).
  const context = { params: {}, ip: `192.0.2.${(visitor % 250) + 1}` } as unknown as Context;
  const request = new Request('http://localhost/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: message }], language, sessionId }),
  });
  const response = await chatFunction(request, context);
  if (response.status !== 200) throw new Error(`POST /api/chat answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Answer;
}

/** Asks a question after its conversation's earlier messages, in one session. */
async function converse(item: BenchQuestion): Promise<{ answer: Answer; ms: number }> {
  visitor += 1;
  let sessionId: string | undefined;
  for (const earlier of item.before ?? []) sessionId = (await ask(earlier, item.language, sessionId)).sessionId;
  const start = performance.now();
  const answer = await ask(item.question, item.language, sessionId);
  return { answer, ms: performance.now() - start };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Result {
  item: BenchQuestion;
  linked: boolean;
  first: boolean;
  inContext: boolean;
  bytes: number;
  inLargeContext: boolean;
  largeBytes: number;
}
const results = new Map<BenchQuestion, Result>(
  BENCH_QUESTIONS.map((item) => [
    item,
    { item, linked: false, first: false, inContext: false, bytes: 0, inLargeContext: false, largeBytes: 0 },
  ]),
);
const misses: string[] = [];

// 1. The built-in assistant.
const builtInMs: number[] = [];
for (const item of BENCH_QUESTIONS) {
  const { answer, ms } = await converse(item);
  builtInMs.push(ms);
  const url = pageUrl(item.page, item.language);
  const urls = answer.sources.map((source) => source.url);
  const result = results.get(item)!;
  result.first = urls[0] === url;
  result.linked = urls.includes(url);
  if (!result.linked)
    misses.push(`built-in [${item.language}] ${item.question} → ${urls.join(', ') || answer.message.slice(0, 80)}`);
}

// 2. The model's context.
process.env['OPENAI_API_KEY'] = 'sk-bench-local';
process.env['OPENAI_BASE_URL'] = modelUrl;
process.env['OPENAI_MODEL'] = 'bench';
process.env['CHAT_DAILY_MODEL_CALLS'] = '1000000';
resetEnvCache();

async function measureContext(
  label: string,
  isRight: (system: string, item: BenchQuestion) => boolean,
  record: (result: Result, right: boolean, bytes: number) => void,
) {
  for (const item of BENCH_QUESTIONS) {
    await converse(item);
    const system = systemPrompts.at(-1)!;
    const right = isRight(system, item);
    record(results.get(item)!, right, Buffer.byteLength(system, 'utf8'));
    if (!right) misses.push(`${label} [${item.language}] ${item.question}`);
  }
}

const inContext = (system: string, item: BenchQuestion) =>
  system.includes(`Link: ${pageUrl(item.page, item.language)}\n`);
await measureContext('context', inContext, (result, right, bytes) => {
  result.inContext = right;
  result.bytes = bytes;
});

// 3. A larger catalogue: 150 more published insights (copies of the demo's under new ids), 156+ in all.
const extra = Array.from({ length: 150 }, (_, i) => {
  const base = demo.insights[i % demo.insights.length]!;
  const at = new Date(Date.UTC(2023, 0, 1) + i * 86_400_000).toISOString();
  return {
    ...base,
    id: newId(),
    slugs: byLanguage((language) => `${base.slugs[language]}-copy-${i}`),
    published: true,
    createdAt: at,
    publishedAt: at,
  };
});
await insightContent.saveMany(extra);
const catalogue = (await insightContent.listPublic()).length;
// With copies, the right page is any page with the right title.
const titleOf = (item: BenchQuestion) => {
  const url = pageUrl(item.page, item.language);
  const record = [...demo.portfolio, ...demo.insights].find((candidate) => url.endsWith(`/${candidate.id}`));
  return record ? record.title[item.language] : null;
};
await measureContext(
  `context (${catalogue} insights)`,
  (system, item) => {
    const title = titleOf(item);
    return title ? system.includes(`: ${title}\nLink: `) : inContext(system, item);
  },
  (result, right, bytes) => {
    result.inLargeContext = right;
    result.largeBytes = bytes;
  },
);

const all = [...results.values()];
const subsets: Array<[string, Result[]]> = [
  ['all', all],
  ['tuned on', all.filter((result) => !result.item.heldOut)],
  ['held out', all.filter((result) => result.item.heldOut)],
];
const share = (rows: Result[], key: 'linked' | 'first' | 'inContext' | 'inLargeContext') => {
  const hits = rows.filter((row) => row[key]).length;
  return `${hits}/${rows.length} (${percent(hits, rows.length)})`;
};
const sizes = (rows: Result[], key: 'bytes' | 'largeBytes') =>
  `${kb(Math.max(...rows.map((row) => row[key])))} / ${kb(median(rows.map((row) => row[key])))}`;
const table: Record<string, Record<string, string>> = {
  'built-in answer links the right page': {},
  'built-in answer links it first': {},
  "right page in the model's context": {},
  'context size, max / median': {},
  [`right page in context, ${catalogue} insights`]: {},
  [`context size, ${catalogue} insights`]: {},
};
for (const [name, rows] of subsets) {
  table['built-in answer links the right page']![name] = share(rows, 'linked');
  table['built-in answer links it first']![name] = share(rows, 'first');
  table["right page in the model's context"]![name] = share(rows, 'inContext');
  table['context size, max / median']![name] = sizes(rows, 'bytes');
  table[`right page in context, ${catalogue} insights`]![name] = share(rows, 'inLargeContext');
  table[`context size, ${catalogue} insights`]![name] = sizes(rows, 'largeBytes');
}
const count = (language: string) => all.filter((row) => row.item.language === language).length;
console.log(
  `\nAssistant evaluation: ${all.length} questions (${count('en')} English, ${count('es')} Spanish) about the demo content`,
);
console.table(table);
console.log(
  `Context bound: ${kb(MAX_MODEL_CONTEXT_BYTES)} (UTF-8 bytes of system prompt). Built-in answer time, median: ${median(builtInMs).toFixed(0)} ms.`,
);
if (misses.length) console.log(`Misses:\n  ${misses.join('\n  ')}`);

fakeOpenAi.close();
await database.stop();

const aim = 0.9;
const rate = (key: 'linked' | 'inContext') => all.filter((row) => row[key]).length / all.length;
const largest = Math.max(...all.map((row) => Math.max(row.bytes, row.largeBytes)));
if (rate('linked') < aim || rate('inContext') < aim || largest > MAX_MODEL_CONTEXT_BYTES) {
  console.error(`Below the aim: at least ${aim * 100} % on both, and the context within its bound.`);
  process.exitCode = 1;
}
