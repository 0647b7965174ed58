// The bench's markdown report: machine, settings, what a lead costs as a user measures it, the goals'
// verdicts, the full table, the counts per lead, the notes.
import type { Cell } from "./cells.ts";
import { type Counts, renderCounts } from "./counts.ts";
import { renderTable } from "./report.ts";
import { type GoalFigures, renderGoals } from "./report-goals.ts";
import { type PerLeadFigures, renderPerLead, renderRequestLogCost } from "./report-per-lead.ts";

export interface ReportParts {
  startedAt: Date;
  machine: string;
  /** How the run was made, in one sentence. */
  settingsLine: string;
  cells: Cell[];
  perLead: PerLeadFigures;
  goals: GoalFigures;
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
    "## Each lead's cost, as a user measures it (32 connections)",
    "",
    renderPerLead(parts.perLead),
    "",
    "## Request log on/off (the intake, dispatcher off, 32 connections, same rounds)",
    "",
    renderRequestLogCost(parts.cells, parts.perLead.fills, parts.perLead.monthLabel),
    "",
    "## Goals",
    "",
    renderGoals(parts.goals),
    "",
    "## Every row",
    "",
    renderTable(parts.cells),
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
