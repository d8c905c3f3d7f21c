import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeTavus {
  baseURL: string;
  /** Every request, in order (method, path, headers, parsed JSON body). */
  requests: Recorded[];
  /** The bodies of the conversations created (POST /v2/conversations), in order. */
  created: () => Array<Record<string, unknown>>;
  /** The conversation ids deleted (DELETE /v2/conversations/{id}), in order. */
  deleted: () => string[];
  /** What DELETE /v2/conversations/{id} answers (204 unless a test says otherwise). */
  deleteStatus: number;
  /** What POST /v2/conversations answers next. */
  respondWith: (status: number, body: unknown) => void;
  /** The persona GET /v2/personas/{id} answers; PATCH applies its JSON Patch to it. */
  persona: Record<string, unknown>;
  /** A status other than 200 makes the persona's GET and PATCH fail with it. */
  personaStatus: number;
  stop: () => Promise<void>;
}

type Operation = { op: string; path: string; value?: unknown };

/** JSON Patch `add` and `replace` (RFC 6902), enough for the persona's layers: the parent must exist. */
function applyPatch(target: Record<string, unknown>, operations: Operation[]): boolean {
  for (const { op, path, value } of operations) {
    const parts = path.split('/').slice(1);
    const last = parts.pop();
    let parent: unknown = target;
    for (const part of parts) parent = (parent as Record<string, unknown> | undefined)?.[part];
    if (!last || typeof parent !== 'object' || parent === null) return false;
    if (op === 'replace' && !(last in parent)) return false;
    if (op !== 'add' && op !== 'replace') return false;
    (parent as Record<string, unknown>)[last] = value;
  }
  return true;
}

/** A stand-in for the Tavus API on 127.0.0.1: records what it is sent, answers what the test says. */
export async function startFakeTavus(): Promise<FakeTavus> {
  let answer: { status: number; body: unknown } = {
    status: 200,
    body: { conversation_id: 'c0ffee123', conversation_url: 'https://tavus.daily.co/c0ffee123', status: 'active' },
  };
  const requests: Recorded[] = [];
  const fake = {
    persona: { persona_id: 'p-configured', layers: { perception: { perception_model: 'raven-1' } } } as Record<
      string,
      unknown
    >,
    personaStatus: 200,
    deleteStatus: 204,
  };
  const respond = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
    const send = (status: number, data: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(data));
    };
    // Browser tests steer and read the fake from another process.
    if (request.url === '/__control') {
      answer = body as { status: number; body: unknown };
      return void response.writeHead(204).end();
    }
    if (request.url === '/__requests') return send(200, { requests, persona: fake.persona });
    const method = request.method ?? 'GET';
    const path = request.url ?? '';
    requests.push({ method, path, headers: request.headers, body });
    if (path.startsWith('/v2/personas/')) {
      if (fake.personaStatus !== 200) return send(fake.personaStatus, { error: 'persona unavailable' });
      if (method === 'PATCH') {
        const next = structuredClone(fake.persona);
        if (!Array.isArray(body) || !applyPatch(next, body as Operation[])) return send(422, { error: 'bad patch' });
        fake.persona = next;
      }
      return send(200, fake.persona);
    }
    if (method === 'DELETE' && path.startsWith('/v2/conversations/')) {
      if (fake.deleteStatus === 204) return void response.writeHead(204).end();
      return send(fake.deleteStatus, { error: 'delete refused' });
    }
    send(answer.status, answer.body);
  };
  // node:http ignores what a listener returns: each request is answered on its own (fire and forget, as before).
  const server: Server = createServer((request, response) => void respond(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    created: () =>
      requests
        .filter((r) => r.method === 'POST' && r.path === '/v2/conversations')
        .map((r) => r.body as Record<string, unknown>),
    deleted: () =>
      requests
        .filter((r) => r.method === 'DELETE' && r.path.startsWith('/v2/conversations/'))
        .map((r) => decodeURIComponent(new URL(r.path, 'http://fake').pathname.split('/')[3] ?? '')),
    get deleteStatus() {
      return fake.deleteStatus;
    },
    set deleteStatus(value) {
      fake.deleteStatus = value;
    },
    respondWith: (status, body) => {
      answer = { status, body };
    },
    get persona() {
      return fake.persona;
    },
    set persona(value) {
      fake.persona = value;
    },
    get personaStatus() {
      return fake.personaStatus;
    },
    set personaStatus(value) {
      fake.personaStatus = value;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
