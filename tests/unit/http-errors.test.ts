import { describe, expect, it } from 'vitest';
import { route } from '../../src/http/route';
import {
  Conflict,
  Forbidden,
  Gone,
  InvalidInput,
  LimitReached,
  NotFound,
  TooLarge,
  Unauthorized,
  Unavailable,
  UnsupportedType,
  UpstreamFailed,
  type DomainError,
} from '../../src/platform/errors';

/** What a visitor gets when a function's domain call refuses: the status, the one error shape, Retry-After. */
async function answerTo(error: DomainError) {
  const handler = route({
    GET: () => {
      throw error;
    },
  });
  const response = await handler(new Request('http://localhost/api/x'), {} as never);
  return {
    status: response.status,
    body: (await response.json()) as unknown,
    retryAfter: response.headers.get('Retry-After'),
  };
}

describe('a domain refusal as an HTTP answer', () => {
  it.each([
    [new InvalidInput('Invalid e-mail address', 'email'), 400],
    [new Unauthorized('Unauthorized'), 401],
    [new Forbidden('This link is not yours'), 403],
    [new NotFound('Message not found'), 404],
    [new Conflict('This record was changed by someone else', 'version'), 409],
    [new Gone('This link was already used'), 410],
    [new TooLarge('The file is too large', 'file'), 413],
    [new UnsupportedType('Not an image', 'image'), 415],
    [new UpstreamFailed('The call could not be started'), 502],
  ])('%s answers %i with its message and field', async (error, status) => {
    const answer = await answerTo(error);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(
      error.field ? { message: error.message, field: error.field } : { message: error.message },
    );
    expect(answer.retryAfter).toBeNull();
  });

  it('says when to try again for a spent quota (429) and a spent site share (503)', async () => {
    expect(await answerTo(new LimitReached('Too many messages today', 3600))).toEqual({
      status: 429,
      body: { message: 'Too many messages today' },
      retryAfter: '3600',
    });
    expect(await answerTo(new Unavailable('Video calls are not available today', 60))).toEqual({
      status: 503,
      body: { message: 'Video calls are not available today' },
      retryAfter: '60',
    });
    expect((await answerTo(new Unavailable('Not configured'))).retryAfter).toBeNull();
  });

  it('answers any other failure with a plain 500, never its message or stack', async () => {
    const handler = route({
      GET: () => {
        throw new Error('connection refused at db.internal:5432');
      },
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      const response = await handler(new Request('http://localhost/api/x'), {} as never);
      expect(response.status).toBe(500);
      expect(JSON.stringify(await response.json())).not.toContain('db.internal');
    } finally {
      console.error = original;
    }
  });
});
