// The lead-change bus: every listener hears each change once, a failing one is logged and stops no other.
import { describe, expect, it } from "vitest";
import { silentLogger } from "../../logger.ts";
import { accountsOf, createLeadChangeBus, type LeadChange, taskDue } from "./lead-change-bus.ts";

describe("lead-change bus", () => {
  it("tells every listener, past a failing one, until it unsubscribes", () => {
    const warnings: string[] = [];
    const bus = createLeadChangeBus({ ...silentLogger, warn: (message: string) => warnings.push(message) });
    const heard: string[] = [];
    bus.subscribe(() => {
      throw new Error("listener down");
    });
    const unsubscribe = bus.subscribe((change) => heard.push(...accountsOf(change)));
    bus.announce({ kind: "requeued", accountId: "a1" });
    unsubscribe();
    bus.announce({ kind: "updated", accountIds: ["a2"] });
    expect(heard).toEqual(["a1"]);
    expect(warnings).toEqual(["lead change listener failed", "lead change listener failed"]);
  });

  it("says a task is due for a stored lead with a task and a requeued one, not for other changes", () => {
    const lead = { account_id: "a1" } as Extract<LeadChange, { kind: "stored" }>["lead"];
    const changes: [LeadChange, boolean][] = [
      [{ kind: "stored", lead, created: true, responseTaskId: "t1" }, true],
      [{ kind: "stored", lead, created: false }, false],
      [{ kind: "requeued", accountId: "a1" }, true],
      [{ kind: "updated", accountIds: ["a1", "a2"] }, false],
    ];
    for (const [change, due] of changes) expect(taskDue(change), change.kind).toBe(due);
    expect(changes.map(([change]) => accountsOf(change))).toEqual([["a1"], ["a1"], ["a1"], ["a1", "a2"]]);
  });
});
