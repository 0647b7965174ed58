// The scripts of the passkey forms, served by the console beside its own (kit/assets.ts): @simplewebauthn/browser's
// bundle (it sets window.SimpleWebAuthnBrowser) and this folder's passkeys.js.
/// <reference path="../../file-imports.d.ts" />

// The package's exports name only its module entry: its browser bundle is imported by its path (a file import, so
// `bun build --compile` embeds it too).
import webauthnJs from "../../../node_modules/@simplewebauthn/browser/dist/bundle/index.umd.min.js" with {
  type: "file",
};
import type { ConsoleAsset } from "../kit/assets.ts";
import passkeysJs from "./passkeys.js" with { type: "file" };

export const PASSKEY_ASSETS: Record<string, ConsoleAsset> = {
  "webauthn.js": { path: webauthnJs, type: "text/javascript" },
  "passkeys.js": { path: passkeysJs, type: "text/javascript" },
};
