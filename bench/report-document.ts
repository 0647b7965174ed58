// The bench's markdown report: machine, settings, the table, the goals' verdicts, the counts per lead, the notes.
import type { Cell } from "./cells.ts";
import { type Counts, renderCounts } from "./counts.ts";
import { renderGoals, renderTable } from "./report.ts";

export interface ReportParts {
  startedAt: Date;
  machine: string;
  /** How the run was made, in one sentence. */
  settingsLine: string;
  cells: Cell[];
  goals: Parameters<typeof renderGoals>[0];
  counts: Counts[];
  notes: string[];
}

export function renderReport(parts: ReportParts): string {
  return [
    `# Intake benchmark — ${parts.startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${parts.machine}`,
    "",
    `Settings: ${parts.settingsLine}`,
    "",
    renderTable(parts.cells),
    "",
    "## Goals",
    "",
    renderGoals(parts.goals),
    "",
    "## Counts per lead (one run at 32 connections each; WAL and locks are cluster-wide, autovacuum paused)",
    "",
    renderCounts(parts.counts),
    "",
    "## Notes",
    "",
    ...parts.notes.map((note) => `- ${note}`),
    "",
  ].join("\n");
}
