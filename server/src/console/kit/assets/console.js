// The console's only script (CSP: no inline script): copy buttons, the "Send a test lead" button, and focus
// on the new secret after htmx shows it (keyboard and screen-reader users land on what changed).
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
