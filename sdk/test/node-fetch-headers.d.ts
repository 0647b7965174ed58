// node-fetch 3 ships types for its main entry only; the tests import its Headers class from the file itself.
declare module "node-fetch/src/headers.js" {
  /** node-fetch's own Headers (a URLSearchParams underneath), not the global one. */
  export default class Headers {
    constructor(init?: Record<string, string>);
    get(name: string): string | null;
  }
}
