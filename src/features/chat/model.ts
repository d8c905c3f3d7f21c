import OpenAI from 'openai';
import { env } from '../../platform/env';
import type { ChatMessage } from './schema';

export interface ModelConfig {
  apiKey: string;
  baseURL: string | undefined;
  model: string;
  dailyCap: number;
}

/** The configured model, or null: without OPENAI_API_KEY the built-in assistant answers. */
export function modelConfig(): ModelConfig | null {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, CHAT_DAILY_MODEL_CALLS } = env();
  return OPENAI_API_KEY
    ? { apiKey: OPENAI_API_KEY, baseURL: OPENAI_BASE_URL, model: OPENAI_MODEL, dailyCap: CHAT_DAILY_MODEL_CALLS }
    : null;
}

/** What the model is asked: the system prompt, the conversation, and the answer if the model fails. */
export interface ModelPrompt {
  system: string;
  messages: ChatMessage[];
  fallback: string;
}

function openAiClient(config: ModelConfig): OpenAI {
  // About 20 s, one retry: a visitor waits no longer than that for a chat reply.
  return new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, timeout: 20_000, maxRetries: 1 });
}

function request(config: ModelConfig, prompt: ModelPrompt) {
  return {
    model: config.model,
    messages: [{ role: 'system' as const, content: prompt.system }, ...prompt.messages],
    temperature: 0.3,
    max_tokens: 500,
  };
}

/** A fixed text in word-sized pieces, as a stream would send it. */
// eslint-disable-next-line @typescript-eslint/require-await -- async for its type: it stands in for the model's stream
export async function* textPieces(text: string): AsyncGenerator<string> {
  for (const piece of text.match(/\S+\s*/g) ?? [text]) yield piece;
}

/**
 * The model's whole reply; if the call fails or answers nothing, the fallback.
 * When `signal` aborts (the visitor left), the call is cancelled and the reply is empty.
 */
export async function completeWithModel(
  config: ModelConfig,
  prompt: ModelPrompt,
  signal?: AbortSignal,
): Promise<string> {
  try {
    const completion = await openAiClient(config).chat.completions.create(request(config, prompt), { signal });
    return completion.choices[0]?.message.content?.trim() || prompt.fallback;
  } catch (error) {
    if (signal?.aborted) return '';
    console.error('Model call failed; the built-in assistant answers', error);
    return prompt.fallback;
  }
}

/**
 * The model's reply as it streams; if the stream fails before sending anything, the fallback in pieces.
 * When `signal` aborts (the visitor left), the call is cancelled and nothing more comes.
 */
export async function* streamFromModel(
  config: ModelConfig,
  prompt: ModelPrompt,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  let sent = false;
  try {
    const stream = await openAiClient(config).chat.completions.create(
      { ...request(config, prompt), stream: true },
      { signal },
    );
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) {
        sent = true;
        yield delta;
      }
    }
  } catch (error) {
    if (signal?.aborted) return;
    console.error('Model stream failed', error);
  }
  if (!sent && !signal?.aborted) yield* textPieces(prompt.fallback);
}
