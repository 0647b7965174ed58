// Every export of the SDK, every field of its interfaces and every property of its errors is documented, and
// editors show LeadInput's field descriptions (they came from the spec, and a mapped type once dropped them).
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const sdkRoot = join(import.meta.dirname, "..");
const entries = ["src/index.ts", "src/phone.ts", "src/webhooks.ts", "src/evidence.ts"].map((file) =>
  join(sdkRoot, file),
);
/** What the SDK bundles from the spec and exports as its own (/evidence's verifier). */
const bundled = [join(sdkRoot, "../spec/src/evidence-verify.ts")];
const options: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
  resolveJsonModule: true,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
  types: [],
};

/** Prose of a symbol: its comment, or an @description tag (how generated types carry the spec's text). */
function docOf(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  const prose = ts.displayPartsToString(symbol.getDocumentationComment(checker));
  const description = symbol.getJsDocTags(checker).find((tag) => tag.name === "description");
  return (prose || ts.displayPartsToString(description?.text)).trim();
}

const isGenerated = (declaration: ts.Declaration) =>
  declaration.getSourceFile().fileName.includes("/generated/");
const fromSdk = (declaration: ts.Declaration) =>
  (declaration.getSourceFile().fileName.startsWith(join(sdkRoot, "src")) && !isGenerated(declaration)) ||
  bundled.includes(declaration.getSourceFile().fileName);

describe("documentation of the public API", () => {
  const program = ts.createProgram(entries, options);
  const checker = program.getTypeChecker();

  /** Every export of every entry point declared in the SDK's own source (not generated), resolved. */
  const exports = entries.flatMap((entry) => {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
    return checker.getExportsOfModule(module).flatMap((exported) => {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      return symbol.declarations?.some(fromSdk) ? [{ entry, name: exported.name, symbol }] : [];
    });
  });

  it("every export of every entry point has a comment", () => {
    const missing = exports
      .filter(({ symbol }) => !docOf(symbol, checker))
      .map(({ entry, name }) => `${entry.slice(sdkRoot.length)}: ${name}`);
    expect(exports.length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it("every field of an exported interface and every public property of an error class has a comment", () => {
    const missing: string[] = [];
    for (const { name, symbol } of exports) {
      if (!(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class))) continue;
      for (const property of checker.getDeclaredTypeOfSymbol(symbol).getProperties()) {
        const declaration = property.declarations?.[0];
        // Error's own message, stack and cause are the platform's; methods of Promise likewise.
        if (!declaration || !fromSdk(declaration)) continue;
        if (
          ts.getCombinedModifierFlags(declaration) &
          (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)
        ) {
          continue;
        }
        if (!docOf(property, checker)) missing.push(`${name}.${property.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("editors show a description for every field of LeadInput", () => {
    const file = join(sdkRoot, "test/__lead-input-probe.ts");
    const source = `import type { LeadInput } from "../src/index";\ndeclare const lead: LeadInput;\n`;
    const probe = ts.createProgram([file], options, {
      ...ts.createCompilerHost(options),
      getSourceFile: (name, version) =>
        name === file
          ? ts.createSourceFile(name, source, version)
          : ts.createCompilerHost(options).getSourceFile(name, version),
    });
    const probeChecker = probe.getTypeChecker();
    const statement = probe.getSourceFile(file)!.statements[1] as ts.VariableStatement;
    const type = probeChecker.getTypeAtLocation(statement.declarationList.declarations[0]!.name);
    const fields = probeChecker.getPropertiesOfType(type);
    expect(fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(["phone", "first_name", "consent"]),
    );
    const undocumented = fields.filter((field) => !docOf(field, probeChecker)).map((field) => field.name);
    expect(undocumented).toEqual([]);
  });
});
