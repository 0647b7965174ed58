// Passkeys in the browser (CSP: no inline script): a form marked data-passkey="create" (Account page) or "get"
// (sign-in's second step) runs the WebAuthn ceremony of its data-options through @simplewebauthn/browser
// (webauthn.js, loaded before this file), puts the answer in its hidden "credential" field and is posted as usual.

document.addEventListener("submit", async (event) => {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  const kind = form?.getAttribute("data-passkey");
  if (!form || !kind || form.dataset.ready === "yes") return;
  event.preventDefault();
  const status = form.querySelector("[data-passkey-status]");
  const button = form.querySelector("button[type=submit]");
  const webauthn = window.SimpleWebAuthnBrowser;
  if (!webauthn?.browserSupportsWebAuthn()) {
    if (status) status.textContent = form.getAttribute("data-unsupported") ?? "";
    return;
  }
  if (button) button.disabled = true;
  try {
    const optionsJSON = JSON.parse(form.getAttribute("data-options") ?? "{}");
    const answer =
      kind === "create"
        ? await webauthn.startRegistration({ optionsJSON })
        : await webauthn.startAuthentication({ optionsJSON });
    form.querySelector("input[name=credential]").value = JSON.stringify(answer);
    form.dataset.ready = "yes";
    form.submit();
  } catch {
    // Cancelled, timed out, or no passkey of this account on the device: the page stays, the owner may retry.
    if (status) status.textContent = form.getAttribute("data-failed") ?? "";
    if (button) button.disabled = false;
  }
});
