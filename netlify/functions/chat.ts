import type { Config } from '@netlify/functions';
import { openAiClient, planReply, takeModelCall, type ModelConfig } from '../../src/lib/chat/assistant';
import { logChatExchange } from '../../src/lib/conversations/logs';
import { env } from '../../src/lib/env';
import { json, parseJsonBody, route } from '../../src/lib/http';
import { chatRequestSchema, type ChatRequest } from '../../src/lib/schemas/chat';
import { SECURITY_HEADERS } from '../../src/lib/security-headers';

function modelConfig(): ModelConfig | null {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, CHAT_DAILY_MODEL_CALLS } = env();
  return OPENAI_API_KEY
    ? { apiKey: OPENAI_API_KEY, baseURL: OPENAI_BASE_URL, model: OPENAI_MODEL, dailyCap: CHAT_DAILY_MODEL_CALLS }
    : null;
}

async function log(request: ChatRequest, reply: string): Promise<void> {
  if (!request.sessionId) return;
  const last = request.messages[request.messages.length - 1]!;
  try {
    await logChatExchange({
      sessionId: request.sessionId,
      userMessage: last.content,
      botResponse: reply.slice(0, 4000),
      language: request.language,
    });
  } catch (error) {
    // A lost log line never costs the visitor their answer.
    console.error('Chat log failed', error);
  }
}

/** Text pieces of a reply: the model's stream, or a fixed text in word-sized pieces. */
async function* pieces(text: string): AsyncGenerator<string> {
  for (const piece of text.match(/\S+\s*/g) ?? [text]) yield piece;
}

function sse(source: AsyncIterable<string>, onDone: (full: string) => Promise<void>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let full = '';
      for await (const piece of source) {
        full += piece;
        controller.enqueue(encoder.encode(`event: delta\ndata: ${JSON.stringify({ text: piece })}\n\n`));
      }
      await onDone(full);
      controller.enqueue(encoder.encode(`event: done\ndata: ${JSON.stringify({ message: full })}\n\n`));
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
  });
}

/**
 * POST /api/chat {messages, language, sessionId?} answers {message}; with
 * `Accept: text/event-stream` the reply streams as server-sent events
 * (`delta` pieces, then `done` with the whole message).
 */
export default route({
  POST: async (request) => {
    const chat = await parseJsonBody(request, chatRequestSchema);
    const origin = new URL(request.url).origin;
    const config = modelConfig();
    const plan = await planReply(chat, origin, config !== null);
    const wantsStream = /text\/event-stream/.test(request.headers.get('accept') ?? '');

    if (plan.kind === 'text' || !config || !(await takeModelCall(config.dailyCap))) {
      const text = plan.kind === 'text' ? plan.text : plan.fallback;
      if (wantsStream) return sse(pieces(text), (full) => log(chat, full));
      await log(chat, text);
      return json({ message: text });
    }

    const client = openAiClient(config);
    const messages = [{ role: 'system' as const, content: plan.system }, ...plan.messages];
    if (!wantsStream) {
      let text = plan.fallback;
      try {
        const completion = await client.chat.completions.create({
          model: config.model,
          messages,
          temperature: 0.3,
          max_tokens: 500,
        });
        text = completion.choices[0]?.message.content?.trim() || plan.fallback;
      } catch (error) {
        console.error('Model call failed; the built-in assistant answers', error);
      }
      await log(chat, text);
      return json({ message: text });
    }

    async function* modelPieces(): AsyncGenerator<string> {
      let sent = false;
      try {
        const stream = await client.chat.completions.create({
          model: config!.model,
          messages,
          temperature: 0.3,
          max_tokens: 500,
          stream: true,
        });
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content;
          if (delta) {
            sent = true;
            yield delta;
          }
        }
      } catch (error) {
        console.error('Model stream failed', error);
      }
      if (!sent) yield* pieces(plan.kind === 'model' ? plan.fallback : '');
    }
    return sse(modelPieces(), (full) => log(chat, full));
  },
});

export const config: Config = {
  path: '/api/chat',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
