// A page with a title, one paragraph and a link: refusals (403), not found (404), expired links.

import type { Language } from "../../http/language.ts";
import type { Translate } from "./dictionary.ts";
import { Layout, type SignedInOwner } from "./layout.tsx";

export interface MessagePageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner?: SignedInOwner;
  title: string;
  body: string;
  link?: { href: string; label: string };
}

export function MessagePage(props: MessagePageProps): JSX.Element {
  return (
    <Layout lang={props.lang} t={props.t} title={props.title} path={props.path} owner={props.owner}>
      <h1 safe>{props.title}</h1>
      <p safe>{props.body}</p>
      {props.link ? (
        <p>
          <a href={props.link.href} safe>
            {props.link.label}
          </a>
        </p>
      ) : (
        ""
      )}
    </Layout>
  );
}
