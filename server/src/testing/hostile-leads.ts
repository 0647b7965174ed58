// Test helper: a catalogue of XSS and spreadsheet-injection payloads, and leads carrying one in every text field.

/** Each payload, if it ever ran or became markup, would show up as one of HOSTILE_SELECTORS or a dialog. */
export const XSS_PAYLOADS = [
  `<script>alert("xss-script")</script>`,
  `<img src=x onerror=alert("xss-img")>`,
  `"><svg onload=alert("xss-svg")>`,
  `' autofocus onfocus='alert("xss-attr")`,
  `javascript:alert("xss-url")`,
  `<a href="javascript:alert(1)" hx-get="/console/inbox" hx-trigger="load">xss-htmx</a>`,
  `<div hx-post="/console/sign-out" hx-trigger="load" data-hx-get="/">xss-hx</div>`,
  `<template><img src=x onerror=alert("xss-template")></template>`,
  `</td></tr></tbody></table></pre><iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<style>body{display:none}</style><b>xss-style</b>`,
  `\u202e<b>xss-rtl</b>\u200b\uFF1Cscript\uFF1E`,
  `{{constructor.constructor('alert("xss-template-injection")')()}}`,
  `=HYPERLINK("http://evil.example","xss-csv")`,
  `+cmd|' /C calc'!A0`,
  `@SUM(1+1)*cmd|' /C calc'!A0`,
  `-2+3+cmd|' /C calc'!A0`,
  `\t=1+1`,
] as const;

/** Elements or attributes none of the pages has of its own: any match came from a payload. */
export const HOSTILE_SELECTORS = [
  "script:not([src])",
  "img",
  "svg",
  "iframe",
  "style",
  "template",
  "b",
  "[onerror]",
  "[onload]",
  "[onfocus]",
  "[hx-get]",
  "[hx-post]",
  "[hx-trigger]",
  "[data-hx-get]",
  'a[href^="javascript:"]',
];

/** The intake's limit on `source`: longer payloads are cut to it. */
export const SOURCE_MAX = 64;
/** The source campaign allows only [A-Za-z0-9._-]: its hostile value is a formula start. */
const HOSTILE_CAMPAIGN = "-2-cmd.A0";
/** The email local part allows quotes, = and |: enough to break an attribute or start a formula. */
const hostileEmail = (index: number) => `=x'onfocus='alert${index}|@evil.example`;

/**
 * A lead with `payload` in every free-text field the intake accepts, context keys included, and as the name of a
 * field the API ignores (the lead's page lists those names).
 *
 * @example await postLead(hostileLead(XSS_PAYLOADS[0], 0));
 */
export function hostileLead(payload: string, index: number) {
  return {
    phone: `+1415555${String(3000 + index).padStart(4, "0")}`,
    email: hostileEmail(index),
    first_name: payload,
    last_name: payload,
    source: payload.slice(0, SOURCE_MAX),
    source_campaign: HOSTILE_CAMPAIGN,
    property_ref: payload,
    platform: payload,
    external_lead_id: `${payload}#${index}`,
    context: { [payload]: payload, nested: { [payload]: [payload] } },
    [payload]: payload,
    consent: {
      source: payload,
      reference: payload,
      captured_at: new Date(Date.now() - 60_000).toISOString(),
      // The free-text evidence fields: shown on the lead's detail as text.
      disclosure: payload,
      sellers: [payload, "Acme Realty"],
      user_agent: payload,
    },
  };
}
