// How a person runs the command-line tool from here: `bun run stl` in a checkout, `stl` as the single executable.

/** @example `A new link: ${COMMAND_NAME} owners create --account demo` */
export const COMMAND_NAME = Bun.isStandaloneExecutable ? "stl" : "bun run stl";
