/**
 * The errors the domain throws (docs/architecture.md, "Errors"). A feature says what went wrong in its own terms,
 * never as an HTTP status; the HTTP layer alone (src/http/http.ts, `route()`) turns each kind into a status and
 * the one error shape `{message, field?}`. Jobs and scripts catch them by kind.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  constructor(
    message: string,
    /** The input field the error is about, when there is one: forms show the message next to it. */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'too-large'
  | 'unsupported-type'
  | 'limit-reached'
  | 'upstream-failed'
  | 'unavailable';

/** An input the rules refuse: a field's value, a malformed id or token. */
export class InvalidInput extends DomainError {
  readonly kind = 'invalid';
}

/** The caller could not be identified (a callback's missing or wrong signature). */
export class Unauthorized extends DomainError {
  readonly kind = 'unauthorized';
}

/** The caller is known but may not do this (a link for someone else, an expired link). */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
}

export class NotFound extends DomainError {
  readonly kind = 'not-found';
}

/** What is asked clashes with what is stored: an edit of an older version, a taken name, a second account. */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
}

/** It existed and is spent for good: a used or expired one-time link. */
export class Gone extends DomainError {
  readonly kind = 'gone';
}

export class TooLarge extends DomainError {
  readonly kind = 'too-large';
}

export class UnsupportedType extends DomainError {
  readonly kind = 'unsupported-type';
}

/** A refusal that may say when to try again (`retryAfterSeconds`), when that is known. */
abstract class RetryLater extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A cap is reached (a day's quota, a lead's replies, sign-in attempts). */
export class LimitReached extends RetryLater {
  readonly kind = 'limit-reached';
}

/** A service the site calls (Tavus, the model) failed or answered something unusable. */
export class UpstreamFailed extends DomainError {
  readonly kind = 'upstream-failed';
}

/** Not available now: not configured, or the site's share of a cost is spent for the day. */
export class Unavailable extends RetryLater {
  readonly kind = 'unavailable';
}

export function notFound(what: string): NotFound {
  return new NotFound(`${what} not found`);
}
