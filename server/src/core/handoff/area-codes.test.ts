import { describe, expect, it } from "vitest";
import { isKnownZone } from "../time-zone.ts";
import { areaCodeOf, areaCodeTable, zonesOfPhone, zonesOfState } from "./area-codes.ts";

describe("area code table", () => {
  it("names only real IANA zones", () => {
    const zones = new Set([...areaCodeTable().values()].flat());
    for (const zone of zones) expect(isKnownZone(zone), zone).toBe(true);
  });

  it("covers every state's major codes", () => {
    expect(zonesOfPhone("+12125550100")).toEqual(["America/New_York"]);
    expect(zonesOfPhone("+13125550100")).toEqual(["America/Chicago"]);
    expect(zonesOfPhone("+13035550100")).toEqual(["America/Denver"]);
    expect(zonesOfPhone("+16025550100")).toEqual(["America/Phoenix"]);
    expect(zonesOfPhone("+19075550100")).toContain("America/Anchorage");
    expect(zonesOfPhone("+18085550100")).toEqual(["Pacific/Honolulu"]);
    expect(zonesOfPhone("+17875550100")).toEqual(["America/Puerto_Rico"]);
    expect(zonesOfPhone("+14575550100")).toEqual(["America/Chicago"]);
  });

  it("lists both zones for codes that span a zone line", () => {
    expect(zonesOfPhone("+18505550100")).toEqual(["America/New_York", "America/Chicago"]);
    expect(zonesOfPhone("+17015550100")).toEqual(["America/Chicago", "America/Denver"]);
  });

  it("gives a state every zone of its area codes", () => {
    expect(zonesOfState("FL")).toEqual(["America/New_York", "America/Chicago"]);
    expect(zonesOfState("PA")).toEqual(["America/New_York"]);
    expect(zonesOfState("ZZ")).toEqual([]);
  });

  it("knows nothing of non-geographic codes or malformed numbers", () => {
    expect(zonesOfPhone("+18885550100")).toBeUndefined();
    expect(zonesOfPhone("+442071234567")).toBeUndefined();
    expect(zonesOfPhone("4155552671")).toBeUndefined();
    expect(areaCodeOf(null)).toBeUndefined();
  });
});
