// The console's only script (CSP: no inline script): copy buttons, the "Send a test lead" button, focus on what a
// form changed, times in the browser's zone, the folding filters, and a notice's id dropped from the address.
// The new token stays in the page: it is posted straight from this browser to the intake endpoint, so it is never
// sent back to the console, stored or logged.

document.addEventListener("click", async (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const copy = target?.closest("[data-copy]");
  if (copy) {
    const source = document.querySelector(copy.getAttribute("data-copy"));
    const status = document.querySelector(copy.getAttribute("data-status"));
    try {
      await navigator.clipboard.writeText(source?.textContent ?? "");
      if (status) status.textContent = copy.getAttribute("data-done") ?? "";
    } catch {
      if (status) status.textContent = copy.getAttribute("data-failed") ?? "";
    }
    return;
  }
  const send = target?.closest("[data-test-lead]");
  if (send) await sendTestLead(send);
});

async function sendTestLead(button) {
  const token = document.querySelector(button.getAttribute("data-token"))?.textContent?.trim() ?? "";
  const output = document.querySelector(button.getAttribute("data-output"));
  const answer = output?.querySelector("[data-answer-status]");
  const body = output?.querySelector("[data-answer-body]");
  button.disabled = true;
  if (answer) answer.textContent = button.getAttribute("data-sending") ?? "";
  if (body) body.textContent = "";
  try {
    const response = await fetch(button.getAttribute("data-endpoint"), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        phone: "(415) 555-2671",
        first_name: "Test",
        last_name: "Lead",
        source: "form",
        test: true,
        consent: {
          source: "console:integrations",
          reference: "console-test-lead",
          captured_at: new Date().toISOString(),
        },
      }),
    });
    const text = await response.text();
    if (answer)
      answer.textContent = (button.getAttribute("data-answer") ?? "{status}").replace(
        "{status}",
        String(response.status),
      );
    if (body) {
      try {
        body.textContent = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        body.textContent = text;
      }
    }
  } catch (error) {
    if (answer) answer.textContent = String(error);
  } finally {
    button.disabled = false;
  }
}

document.addEventListener("htmx:afterSettle", () => {
  const shown = document.querySelector("#new-secret-title");
  const invalid = document.querySelector("#create-section [aria-invalid=true]");
  (shown ?? invalid)?.focus();
});

// Times: the server writes UTC; here each <time datetime> shows the browser's zone, relative while under a day
// ("2 minutes ago", "hace 2 minutos"), refreshed every 15 s and on rows the live stream adds. UTC stays in the title.
const pageLang = document.documentElement.lang === "es" ? "es" : "en";
const absoluteTime = new Intl.DateTimeFormat(pageLang === "es" ? "es-ES" : "en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});
const relativeTime = new Intl.RelativeTimeFormat(pageLang, { numeric: "auto" });
const RELATIVE_UNITS = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
];

function localText(at, now) {
  let amount = Math.round((at - now) / 1000);
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(amount) < size) return relativeTime.format(unit === "second" ? 0 : amount, unit);
    amount = Math.round(amount / size);
  }
  return absoluteTime.format(at);
}

function localizeTimes(root = document) {
  const now = Date.now();
  for (const element of root.querySelectorAll("time[datetime]")) {
    const at = Date.parse(element.getAttribute("datetime"));
    if (Number.isNaN(at)) continue;
    // The server's UTC text: from the title, else (a page that writes no title) the text it rendered.
    if (!element.hasAttribute("data-utc"))
      element.setAttribute("data-utc", element.getAttribute("title") ?? element.textContent ?? "");
    const text = element.hasAttribute("data-absolute") ? absoluteTime.format(at) : localText(at, now);
    const utc = element.getAttribute("data-utc");
    const title = text === absoluteTime.format(at) ? utc : `${absoluteTime.format(at)} · ${utc}`;
    if (element.textContent !== text) element.textContent = text;
    if (element.getAttribute("title") !== title) element.setAttribute("title", title);
  }
}
localizeTimes();
setInterval(localizeTimes, 15_000);
new MutationObserver((changes) => {
  // Elements only: the text this function and the countdowns write does not count.
  if (changes.some((change) => [...change.addedNodes].some((node) => node.nodeType === 1))) localizeTimes();
}).observe(document.body, { childList: true, subtree: true });

// Filters fold behind their button on narrow screens (CSS shows them whatever the state on wide ones).
document.documentElement.classList.add("js");
document.addEventListener("click", (event) => {
  const toggle = event.target instanceof Element ? event.target.closest("[data-fold]") : null;
  if (!toggle) return;
  const open = toggle.getAttribute("aria-expanded") !== "true";
  toggle.setAttribute("aria-expanded", String(open));
  document.querySelector(toggle.getAttribute("data-fold"))?.classList.toggle("unfolded", open);
});

// A notice is shown once: its id leaves the address, so a bookmark or a shared link does not carry it.
const address = new URL(window.location.href);
if (address.searchParams.has("notice")) {
  address.searchParams.delete("notice");
  history.replaceState(null, "", address.pathname + address.search + address.hash);
}
document.querySelector("[data-focus-on-load]")?.focus();
