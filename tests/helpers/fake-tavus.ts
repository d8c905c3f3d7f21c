import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTavus {
  baseURL: string;
  requests: Array<{ path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }>;
  respondWith: (status: number, body: unknown) => void;
  stop: () => Promise<void>;
}

/** A stand-in for the Tavus API on 127.0.0.1: records what it is sent, answers what the test says. */
export async function startFakeTavus(): Promise<FakeTavus> {
  let answer: { status: number; body: unknown } = {
    status: 200,
    body: { conversation_id: 'c0ffee123', conversation_url: 'https://tavus.daily.co/c0ffee123', status: 'active' },
  };
  const requests: FakeTavus['requests'] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    // Browser tests steer the fake from another process.
    if (request.url === '/__control') {
      answer = body as { status: number; body: unknown };
      return void response.writeHead(204).end();
    }
    requests.push({ path: request.url ?? '', headers: request.headers, body });
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    respondWith: (status, body) => {
      answer = { status, body };
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
