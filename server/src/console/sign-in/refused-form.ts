// The answer to a pre-session form the server will not read, shared by the sign-in and the link pages.
import { messageResponse, type PageContext, SIGN_IN_PATH } from "../kit/owner-guard.ts";

/** 415 for a body that is not urlencoded, 413 past 16 KiB: a page that says so, in the page's language. */
export function refusedFormPage(ctx: PageContext, status: 413 | 415): Response {
  const kind = status === 413 ? "tooLarge" : "badForm";
  return messageResponse(ctx, status, {
    title: ctx.t(`guard.${kind}.title`),
    body: ctx.t(`guard.${kind}.body`),
    link: { href: SIGN_IN_PATH, label: ctx.t("signIn.title") },
  });
}
