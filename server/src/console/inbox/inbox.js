// The inbox's live parts (CSP: no inline script): the countdowns to respond_by, and the stream of changed rows,
// upserted by lead id at the top of the table (a catch-up overlap replaces a row, never duplicates it).

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

/**
 * Rows come rendered and escaped by the server; parsed in a <template>, nothing in them runs. Returns how many
 * rows are new or changed state (a catch-up re-sends rows the page already shows: those are not news).
 */
function upsertRows(rowsHtml) {
  const body = document.querySelector("#inbox-rows");
  if (!body) return 0;
  const template = document.createElement("template");
  template.innerHTML = rowsHtml.join("");
  let news = 0;
  // Oldest change first: each new row goes on top, so the newest ends first.
  for (const row of [...template.content.querySelectorAll("tr[data-lead-id]")]) {
    const existing = body.querySelector(`tr[data-lead-id="${CSS.escape(row.getAttribute("data-lead-id"))}"]`);
    if (!existing || existing.getAttribute("data-state") !== row.getAttribute("data-state")) news++;
    if (existing) existing.replaceWith(row);
    else body.prepend(row);
  }
  if (body.children.length > 0) document.querySelector("#inbox-empty")?.setAttribute("hidden", "");
  return news;
}

function startStream(status) {
  const source = new EventSource(status.getAttribute("data-stream"));
  const say = (text) => {
    if (status.textContent !== text) status.textContent = text;
  };
  source.addEventListener("open", () => {
    status.setAttribute("data-live", "on");
    say(status.getAttribute("data-on") ?? "");
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
    const count = upsertRows(rows);
    tickCountdowns();
    if (count > 0) say((status.getAttribute("data-added") ?? "").replace("{count}", String(count)));
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
