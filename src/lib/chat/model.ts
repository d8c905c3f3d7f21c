import OpenAI from 'openai';
import { env } from '../env';
import type { ChatMessage } from '../schemas/chat';

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
export async function* textPieces(text: string): AsyncGenerator<string> {
  for (const piece of text.match(/\S+\s*/g) ?? [text]) yield piece;
}

/** The model's whole reply; if the call fails or answers nothing, the fallback. */
export async function completeWithModel(config: ModelConfig, prompt: ModelPrompt): Promise<string> {
  try {
    const completion = await openAiClient(config).chat.completions.create(request(config, prompt));
    return completion.choices[0]?.message.content?.trim() || prompt.fallback;
  } catch (error) {
    console.error('Model call failed; the built-in assistant answers', error);
    return prompt.fallback;
  }
}

/** The model's reply as it streams; if the stream fails before sending anything, the fallback in pieces. */
export async function* streamFromModel(config: ModelConfig, prompt: ModelPrompt): AsyncGenerator<string> {
  let sent = false;
  try {
    const stream = await openAiClient(config).chat.completions.create({ ...request(config, prompt), stream: true });
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
  if (!sent) yield* textPieces(prompt.fallback);
}
