// SpeedToLeadError: the one base class of every error the SDK throws, recognised across its ESM and CJS builds.

/**
 * A registry symbol (Symbol.for), the same in every copy of this package loaded in one process: the
 * ESM build, the CJS build, the /phone entry. It marks SpeedToLeadError's prototype in each copy.
 */
const BRAND = Symbol.for("@speed-to-lead/sdk:error");

/**
 * Whether `value` is an SDK error of the class of this `kind` or of a subclass, from any copy of this
 * package: the class of one of its prototypes below the branded base prototype has that kind. Never
 * throws: a DOMException, a Proxy or an object without a prototype is simply not an SDK error.
 */
function hasKind(value: unknown, kind: string): boolean {
  try {
    // The prototypes met before the brand: the SDK's classes (and any subclass of them).
    const below: object[] = [];
    for (let proto = Object.getPrototypeOf(value); proto; proto = Object.getPrototypeOf(proto)) {
      below.push(proto);
      if (Object.hasOwn(proto, BRAND)) {
        return below.some((p) => kindOf((p as { constructor: unknown }).constructor) === kind);
      }
    }
  } catch {}
  return false;
}

/** A class's own stable kind (SDK classes declare one), or undefined (a class of yours, anything else). */
function kindOf(Class: unknown): string | undefined {
  return typeof Class === "function" && Object.hasOwn(Class, "kind")
    ? (Class as unknown as { kind: string }).kind
    : undefined;
}

/**
 * `instanceof` for the SDK's classes and their subclasses. An SDK class (it has its own static `kind`)
 * matches by kind, from any copy of the package; a class of yours, as JavaScript does. Never throws.
 */
function isInstance(Class: unknown, value: unknown): boolean {
  try {
    const kind = kindOf(Class);
    return kind === undefined
      ? Function.prototype[Symbol.hasInstance].call(Class as () => void, value)
      : hasKind(value, kind);
  } catch {
    return false;
  }
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
  /**
   * The class's stable name: what `name` answers and what `instanceof` compares across copies of the
   * package. A static string, which minifiers never rename (they may rename the classes themselves).
   */
  static readonly kind: string = "SpeedToLeadError";
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
    Object.defineProperty(SpeedToLeadError.prototype, BRAND, { value: true });
  }

  /** The class's kind (`ValidationError`, …), unless set: a subclass of yours may assign `this.name`. */
  override get name(): string {
    return (this.constructor as typeof SpeedToLeadError).kind;
  }

  override set name(value: string) {
    Object.defineProperty(this, "name", { value, writable: true, configurable: true });
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
