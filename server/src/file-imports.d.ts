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
