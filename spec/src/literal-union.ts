// A schema for one of a fixed list of strings, the shape of every code, state and type list in the contract.
import { type SchemaOptions, Type } from "@sinclair/typebox";

/** @example literalUnion(["pending", "missed"], { description: "…" }) // Static: "pending" | "missed" */
export const literalUnion = <T extends string>(values: readonly T[], options?: SchemaOptions) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  );
