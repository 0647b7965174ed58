// SpeedToLeadError: the one base class of every error the SDK throws, recognised across its ESM and CJS builds.

/**
 * A registry symbol (Symbol.for), the same in every copy of this package loaded in one process: the
 * ESM build, the CJS build, the /phone entry. It marks SpeedToLeadError's prototype in each copy.
 */
const BRAND = Symbol.for("@speed-to-lead/sdk:error");

/**
 * Whether `value` is an SDK error of the class named `kind` or of a subclass, from any copy of this
 * package: one of its prototypes below the branded base prototype has that stable name. Never throws:
 * names are read only below the brand, so a DOMException (whose prototype's `name` getter throws), a
 * Proxy or an object without a prototype is simply not an SDK error.
 */
function hasKind(value: unknown, kind: string): boolean {
  try {
    // The prototypes met before the brand: the SDK's classes (and any subclass of them).
    const below: object[] = [];
    for (let proto = Object.getPrototypeOf(value); proto; proto = Object.getPrototypeOf(proto)) {
      below.push(proto);
      if (Object.hasOwn(proto, BRAND)) {
        return below.some((p) => Object.hasOwn(p, "name") && (p as Error).name === kind);
      }
    }
  } catch {}
  return false;
}

/**
 * `instanceof` for the SDK's classes and their subclasses. An SDK class (its prototype has its own name)
 * matches by name, from any copy of the package; a class of yours, as JavaScript does. Never throws.
 */
function isInstance(Class: { prototype: unknown }, value: unknown): boolean {
  try {
    const prototype = Class.prototype as Error;
    return Object.hasOwn(prototype, "name")
      ? hasKind(value, prototype.name)
      : Function.prototype[Symbol.hasInstance].call(Class, value);
  } catch {
    return false;
  }
}

/**
 * Gives an SDK class its stable name: a data property of its prototype, writable as Error.prototype's is
 * (so a subclass may assign `this.name`), and what minifiers never rename (they may rename classes).
 */
export function named(Class: { prototype: object }, name: string): void {
  Object.defineProperty(Class.prototype, "name", { value: name, writable: true, configurable: true });
}

/**
 * Every SDK error extends this class: API errors (LeadIntakeError), ConnectionError, TimeoutError,
 * UserAbortError, ConsentError, PhoneNumberError and the webhook errors. `instanceof` on it and on each
 * SDK subclass also matches an error thrown by the package's other build (an app that loads both the ESM
 * and the CJS build: the dual-package hazard), because it compares the classes' stable names. A class of
 * your own that extends one of them is ordinary: `instanceof` it matches only its own instances, and its
 * constructor may set `this.name`.
 *
 * @example
 * try { await client.postLead(lead); } catch (error) {
 *   if (error instanceof SpeedToLeadError) log.warn({ requestId: error.requestId }, error.message);
 * }
 */
export class SpeedToLeadError extends Error {
  /** The service's request id (X-Request-Id) when a response came; undefined otherwise. */
  readonly requestId: string | undefined;
  /** The Idempotency-Key the failed call sent (postLead): retry later with the same one. Undefined for reads and local checks. */
  readonly idempotencyKey: string | undefined;
  /** Requests the failed call made, retries included: 0 when it failed before sending (ConsentError, …). */
  readonly attempts: number;

  constructor(message: string, options?: { cause?: unknown; requestId?: string | undefined }) {
    super(message, options);
    // Keeps instanceof working if a consumer down-compiles classes to ES5.
    Object.setPrototypeOf(this, new.target.prototype);
    this.requestId = options?.requestId;
    this.idempotencyKey = undefined;
    this.attempts = 0;
  }

  static {
    named(SpeedToLeadError, "SpeedToLeadError");
    Object.defineProperty(SpeedToLeadError.prototype, BRAND, { value: true });
  }

  static override [Symbol.hasInstance]<T>(this: { prototype: T }, value: unknown): value is T {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class right of instanceof, often a subclass.
    return isInstance(this, value);
  }
}

/**
 * Any error of this SDK, from either build. Same as `instanceof SpeedToLeadError`, for code that
 * prefers a function.
 */
export const isSpeedToLeadError = (value: unknown): value is SpeedToLeadError =>
  value instanceof SpeedToLeadError;
