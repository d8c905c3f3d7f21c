import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenAi {
  baseURL: string;
  requests: Array<{
    path: string;
    body: { model: string; stream?: boolean; messages: Array<{ role: string; content: string }> };
    headers: IncomingMessage['headers'];
  }>;
  /**
   * What the next completions answer: a text, or a failure status. With `hang`, the answer's
   * first piece is sent (streamed) and then nothing more until the client closes the connection.
   */
  respondWith: (reply: Reply) => void;
  /** Answers whose connection the client closed before the fake had finished them. */
  closedEarly: () => number;
  stop: () => Promise<void>;
}

type Reply = { text: string; hang?: boolean } | { status: number };

/** An OpenAI-compatible server on 127.0.0.1 for the real `openai` client (Chat Completions, streamed or not). */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let reply: Reply = { text: 'Hello from the model.' };
  let closedEarly = 0;
  const requests: FakeOpenAi['requests'] = [];
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    response.on('close', () => {
      if (!response.writableFinished) closedEarly += 1;
    });
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as FakeOpenAi['requests'][number]['body'];
    // Browser tests steer the fake from another process.
    if (request.url === '/__control') {
      reply = body as unknown as typeof reply;
      return void response.writeHead(204).end();
    }
    requests.push({ path: request.url ?? '', body, headers: request.headers });
    if (request.url !== '/v1/chat/completions') return void response.writeHead(404).end();
    if ('status' in reply) {
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
    }
    const base = { id: 'chatcmpl-fake', created: 1, model: body.model };
    if (reply.hang) {
      // The first piece (when streaming), then silence until the client goes away.
      response.writeHead(200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json' });
      const first = reply.text.match(/\S+\s*/)?.[0] ?? reply.text;
      if (body.stream) {
        response.write(
          `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: first }, finish_reason: null }] })}\n\n`,
        );
      }
      return;
    }
    if (body.stream) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of reply.text.match(/\S+\s*/g) ?? []) {
        response.write(
          `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
        );
      }
      response.write(
        `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      );
      return void response.end('data: [DONE]\n\n');
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: reply.text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  };
  // node:http ignores what a listener returns: each request is answered on its own (fire and forget, as before).
  const server: Server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith: (next) => {
      reply = next;
    },
    closedEarly: () => closedEarly,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
