// The inbox's live parts (CSP: no inline script): the countdowns to respond_by, and the stream of changed rows,
// upserted by lead id at the top of the table (a catch-up overlap replaces a row, never duplicates it). Leads that
// arrived since the page was opened are counted in the live line (plural forms per language) and the tab title,
// and highlighted for a moment.

function tickCountdowns() {
  const now = Date.now();
  for (const element of document.querySelectorAll("[data-respond-by]")) {
    const seconds = Math.floor((Date.parse(element.getAttribute("data-respond-by")) - now) / 1000);
    const text =
      seconds < 0
        ? (element.getAttribute("data-overdue") ?? "")
        : (element.getAttribute("data-left") ?? "{time}").replace(
            "{time}",
            `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`,
          );
    if (element.textContent !== text) element.textContent = text;
  }
}

/** Lead ids that arrived since the page was opened (rows it already showed are not arrivals). */
const arrived = new Set();
const shownAtOpen = new Set(
  [...document.querySelectorAll("#inbox-rows tr[data-lead-id]")].map((row) =>
    row.getAttribute("data-lead-id"),
  ),
);
const plural = new Intl.PluralRules(document.documentElement.lang || "en");
const pageTitle = document.title;

/**
 * Rows come rendered and escaped by the server; parsed in a <template>, nothing in them runs. A row new to the
 * page is highlighted for a moment and counted as arrived.
 */
function upsertRows(rowsHtml) {
  const body = document.querySelector("#inbox-rows");
  if (!body) return;
  const template = document.createElement("template");
  template.innerHTML = rowsHtml.join("");
  // Oldest change first: each new row goes on top, so the newest ends first.
  for (const row of [...template.content.querySelectorAll("tr[data-lead-id]")]) {
    const id = row.getAttribute("data-lead-id");
    const existing = body.querySelector(`tr[data-lead-id="${CSS.escape(id)}"]`);
    if (!existing && !shownAtOpen.has(id)) {
      arrived.add(id);
      row.classList.add("arrived");
      setTimeout(() => row.classList.remove("arrived"), 4000);
    }
    if (existing?.classList.contains("arrived")) row.classList.add("arrived");
    if (existing) existing.replaceWith(row);
    else body.prepend(row);
  }
  if (body.children.length > 0) document.querySelector("#inbox-empty")?.setAttribute("hidden", "");
}

/** "3 new since you opened this page." in the page's language, and "(3) Inbox · …" as the tab's title. */
function arrivalsText(status) {
  const count = arrived.size;
  const form = plural.select(count) === "one" ? "data-added-one" : "data-added-other";
  document.title = count > 0 ? `(${count}) ${pageTitle}` : pageTitle;
  return (status.getAttribute(form) ?? "").replace("{count}", String(count));
}

function startStream(status) {
  const source = new EventSource(status.getAttribute("data-stream"));
  const say = (text) => {
    if (status.textContent !== text) status.textContent = text;
  };
  source.addEventListener("open", () => {
    status.setAttribute("data-live", "on");
    say(arrived.size > 0 ? arrivalsText(status) : (status.getAttribute("data-on") ?? ""));
  });
  source.addEventListener("error", () => {
    status.setAttribute("data-live", "off");
    say(status.getAttribute("data-off") ?? "");
  });
  source.addEventListener("leads", (event) => {
    const { rows, gone } = JSON.parse(event.data);
    for (const id of gone)
      document.querySelector(`#inbox-rows tr[data-lead-id="${CSS.escape(id)}"]`)?.remove();
    if (document.querySelector("#inbox-rows tr") === null)
      document.querySelector("#inbox-empty")?.removeAttribute("hidden");
    const before = arrived.size;
    upsertRows(rows);
    tickCountdowns();
    if (arrived.size !== before) say(arrivalsText(status));
  });
  // Too far behind to catch up row by row (a tab asleep for hours): a fresh page is cheaper.
  source.addEventListener("reload", () => {
    source.close();
    window.location.reload();
  });
  // Leaving the page closes the stream at once (no reconnect attempt during navigation).
  window.addEventListener("pagehide", () => source.close());
}

tickCountdowns();
setInterval(tickCountdowns, 1000);
const liveStatus = document.querySelector("#live-status[data-stream]");
if (liveStatus) startStream(liveStatus);

// After "hand off again", keyboard and screen-reader users land on the outcome.
document.querySelector("#retry-notice")?.focus();
