import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// netlify-cli's runner for a site's (V2) functions under `netlify serve` and `netlify dev`, as patched by
// patches/netlify-cli+27.10.2.patch (docs/decisions/0052-warm-functions-under-netlify-serve.md).
// Called here with only what the runner reads of a function (its build's entry file).
const runtime = (await import('netlify-cli/dist/lib/functions/runtimes/js/index.js')) as unknown as {
  invokeFunction: (options: {
    context: object;
    environment: Record<string, string>;
    event: object;
    func: { buildData: { runtimeAPIVersion: 2; buildPath: string } };
    timeout: number;
  }) => Promise<{ statusCode: number; body: string }>;
};

describe('functions under netlify serve', () => {
  let folder: string;
  let counting: string;
  let failing: string;
  let streaming: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'warm-functions-'));
    // Bundles that answer how many requests their instance has had; the second one fails a request for /fail.
    counting = join(folder, 'counting.mjs');
    writeFileSync(
      counting,
      'let n = 0;\nexport const handler = async () => ({ statusCode: 200, body: String(++n) });\n',
    );
    failing = join(folder, 'failing.mjs');
    writeFileSync(
      failing,
      "let n = 0;\nexport const handler = async (event) => {\n  n += 1;\n  if (event.path === '/fail') throw new Error('failed');\n  return { statusCode: 200, body: String(n) };\n};\n",
    );
    // A body streamed from the worker (as an on-demand page's is).
    streaming = join(folder, 'streaming.mjs');
    writeFileSync(
      streaming,
      "import { Readable } from 'node:stream';\nexport const handler = async () => ({ statusCode: 200, body: Readable.from(['a', 'b']) });\n",
    );
  });
  afterAll(() => {
    delete process.env['NETLIFY_DEV_WARM_FUNCTIONS'];
    rmSync(folder, { recursive: true, force: true });
  });
  const invoke = (buildPath: string, path = '/') =>
    runtime.invokeFunction({
      context: {},
      environment: {},
      event: { httpMethod: 'GET', path },
      func: { buildData: { runtimeAPIVersion: 2, buildPath } },
      timeout: 10,
    });

  it('load the bundle anew for every request by default, as netlify-cli does', async () => {
    delete process.env['NETLIFY_DEV_WARM_FUNCTIONS'];
    expect((await invoke(counting)).body).toBe('1');
    expect((await invoke(counting)).body).toBe('1');
  });

  it('keep an instance warm between requests with NETLIFY_DEV_WARM_FUNCTIONS, and start another for a request that comes while it is busy', async () => {
    process.env['NETLIFY_DEV_WARM_FUNCTIONS'] = '1';
    expect((await invoke(counting)).body).toBe('1');
    expect((await invoke(counting)).body).toBe('2');
    const both = await Promise.all([invoke(counting), invoke(counting)]);
    expect(both.map((answer) => answer.body).sort()).toEqual(['1', '3']);
  });

  it('stream every answer when more requests come at once than instances stay idle', async () => {
    process.env['NETLIFY_DEV_WARM_FUNCTIONS'] = '1';
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => invoke(streaming)));
    const bodies = await Promise.all(
      answers.map(async ({ body }) => {
        let text = '';
        for await (const chunk of body as unknown as AsyncIterable<Buffer>) text += chunk.toString();
        return text;
      }),
    );
    expect(bodies).toEqual(['ab', 'ab', 'ab', 'ab', 'ab']);
  });

  it('do not reuse an instance whose request failed', async () => {
    process.env['NETLIFY_DEV_WARM_FUNCTIONS'] = '1';
    expect((await invoke(failing)).body).toBe('1');
    // lambda-local's form of a handler's error.
    await expect(invoke(failing, '/fail')).rejects.toMatchObject({ errorMessage: 'failed' });
    expect((await invoke(failing)).body).toBe('1');
  });
});
