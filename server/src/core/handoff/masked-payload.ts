// The console assistant's view of a hand-off with personal data masked: the flow stays readable, the person does not.
import type { HandoffPayload } from "./payload.ts";

/**
 * Fields of `data` that say nothing about the person: enums, numbers, validated names and times. Every other
 * field, present or future, is masked; free text (property_ref, an address or a listing) always is.
 */
const SHOWN_FIELDS = new Set([
  "lead_id",
  "handoff_id",
  "account",
  "response_no",
  "call",
  "language",
  "timezone",
  "source",
  "price",
  "received_at",
  "respond_by",
  "call_window",
  "call_caps",
]);

/**
 * The first two and last two characters of a phone, the other digits as •.
 *
 * @example maskPhone("+14155552671") // "+1••••••••71"
 */
export function maskPhone(phone: string): string {
  if (phone.length <= 4) return "•".repeat(phone.length);
  return `${phone.slice(0, 2)}${phone.slice(2, -2).replace(/[0-9]/g, "•")}${phone.slice(-2)}`;
}

function maskValue(name: string, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (name === "phone" && typeof value === "string") return maskPhone(value);
  if (typeof value === "string") return `${value.slice(0, 1)}•••`;
  return "[masked]";
}

/**
 * @example maskPersonalData(payload).data.first_name // "A•••"
 */
export function maskPersonalData(payload: HandoffPayload): HandoffPayload {
  const data: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(payload.data)) {
    data[name] = SHOWN_FIELDS.has(name) ? value : maskValue(name, value);
  }
  const window = payload.data.call_window;
  // A window's place names what pointed at it: a ZIP is the lead's postal_code, masked like the field.
  if (window) {
    data.call_window = {
      ...window,
      rules_applied: window.rules_applied.map((rule) =>
        rule.place === "postal_code"
          ? { ...rule, name: maskValue("postal_code", rule.name) as string }
          : rule,
      ),
    };
  }
  return { ...payload, data: data as HandoffPayload["data"] };
}
