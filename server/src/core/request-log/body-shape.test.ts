// The request log's redaction: a body becomes pointers, kinds and lengths; no value and no odd key survives.
import { describe, expect, it } from "vitest";
import {
  bodyShape,
  HIDDEN_NAME,
  MAX_SHAPE_FIELDS,
  parseShapeText,
  safePointer,
  shapeText,
} from "./body-shape.ts";

describe("bodyShape", () => {
  it("keeps each field's pointer, kind and length, nested objects included", () => {
    const shape = bodyShape({
      phone: "+14155552671",
      first_name: "Ana",
      price: 450000,
      test: true,
      email: null,
      tags: ["a", "b"],
      consent: { captured_at: "2026-11-28T10:00:00Z" },
    });
    expect(shape).toEqual([
      { pointer: "/phone", kind: "string", length: 12 },
      { pointer: "/first_name", kind: "string", length: 3 },
      { pointer: "/price", kind: "number", length: 6 },
      { pointer: "/test", kind: "boolean" },
      { pointer: "/email", kind: "null" },
      { pointer: "/tags", kind: "array", length: 2 },
      { pointer: "/consent", kind: "object", length: 1 },
      { pointer: "/consent/captured_at", kind: "string", length: 20 },
    ]);
  });

  it("never keeps a value, and hides a key that is not a plain field name", () => {
    const body = {
      "+14155552671": "x",
      "ana@example.com": 1,
      "Ana López": 2,
      context: { "lead ana@example.com": "Ana" },
    };
    const text = JSON.stringify(bodyShape(body));
    for (const secret of ["4155552671", "ana@example.com", "Ana", "López"])
      expect(text).not.toContain(secret);
    expect(bodyShape(body).map((field) => field.pointer)).toEqual([
      `/${HIDDEN_NAME}`,
      `/${HIDDEN_NAME}`,
      `/${HIDDEN_NAME}`,
      "/context",
      `/context/${HIDDEN_NAME}`,
    ]);
  });

  it("is bounded in fields and depth whatever the body", () => {
    const wide = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`f${i}`, i]));
    expect(bodyShape(wide)).toHaveLength(MAX_SHAPE_FIELDS);
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 50; i++) deep = { d: deep };
    expect(Math.max(...bodyShape(deep).map((field) => field.pointer.split("/").length - 1))).toBe(3);
    expect(bodyShape("not an object")).toEqual([]);
    expect(bodyShape([1, 2])).toEqual([]);
  });
});

describe("safePointer", () => {
  it("keeps plain segments and indexes, hides the rest", () => {
    expect(safePointer("/consent/captured_at")).toBe("/consent/captured_at");
    expect(safePointer("/tags/3")).toBe("/tags/3");
    expect(safePointer("/ana@example.com/x")).toBe(`/${HIDDEN_NAME}/x`);
    expect(safePointer("")).toBe("");
  });
});

describe("shapeText", () => {
  it("stores the same shape in a fifth of its JSON, and reads back as it was", () => {
    const body = {
      phone: "+14155552671",
      name: "Ana 🌵",
      price: 450000,
      test: false,
      email: null,
      tags: ["a"],
      "ana@example.com": 1,
      consent: { captured_at: "2026-11-28T10:00:00Z", empty: {} },
    };
    const text = shapeText(body);
    expect(text).toBe(
      "/phone:s12 /name:s5 /price:n6 /test:b /email:z /tags:a1 /*:n1 /consent:o2 /consent/captured_at:s20 /consent/empty:o0",
    );
    expect(parseShapeText(text)).toEqual(bodyShape(body));
    expect(text.length * 3).toBeLessThan(JSON.stringify(bodyShape(body)).length);
    expect(parseShapeText(shapeText("not an object"))).toEqual([]);
  });
});
