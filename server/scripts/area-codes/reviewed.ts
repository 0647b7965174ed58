// What people decided about the area-code table beyond its data sets: each entry with its reason.

/** When the data sets below were read and compared with each other and with this file. */
export const READ_ON = "2026-11-28";

/**
 * Geographic codes NANPA has assigned since every package's data was made (overlays announced by the
 * state commissions): their state, and the codes they overlay, whose zones they take (an overlay
 * covers the same ground). None of the data sets has them; the list decides, so numbers in them are
 * accepted (`phone.ts`). 679 is also in the NANPA-derived `areacodes` list.
 */
export const NEWER_CODES: Readonly<Record<string, { state: string; overlays: readonly string[] }>> = {
  "357": { state: "CA", overlays: ["559"] },
  "436": { state: "OH", overlays: ["440"] },
  "457": { state: "LA", overlays: ["318"] },
  "483": { state: "AL", overlays: ["256", "938"] },
  "624": { state: "NY", overlays: ["716"] },
  "679": { state: "MI", overlays: ["313"] },
  "837": { state: "CA", overlays: ["530"] },
  "861": { state: "IL", overlays: ["815", "779"] },
  "924": { state: "MN", overlays: ["507"] },
};

/**
 * Overlays whose ground crosses a zone line: every code of a group gets every zone of the group. The
 * geocoding data gives an overlay only the zone of its own first exchanges (364, 448, 458 and 930
 * had one zone there), though its numbers are handed out across the whole area.
 */
export const OVERLAY_GROUPS: readonly (readonly string[])[] = [
  ["208", "986"], // Idaho: Mountain, the panhandle Pacific
  ["270", "364"], // western Kentucky: Central, the Elizabethtown area Eastern
  ["541", "458"], // Oregon: Pacific, Malheur County Mountain
  ["812", "930"], // southern Indiana: Eastern, the south-west corner Central
  ["850", "448"], // Florida panhandle: Eastern and Central
];

/**
 * Zones a code gets beyond its data: county lines the geocoding data does not split (stricter: the
 * window narrows; kept from the table this one replaced), and the right zone where WRONG_ZONES removes
 * the only one the data gives.
 */
export const EXTRA_ZONES: Readonly<Record<string, readonly string[]>> = {
  "432": ["America/Denver"], // West Texas: Culberson County keeps Mountain time in practice
  "689": ["America/New_York"], // overlays 407, Orlando (see WRONG_ZONES)
  "931": ["America/New_York"], // Middle Tennessee's Cumberland Plateau edge borders the Eastern zone
};

/** Zones the geocoding data gives a code that are wrong: removed, with the reason. */
export const WRONG_ZONES: Readonly<Record<string, readonly string[]>> = {
  "689": ["America/Chicago"], // 689 overlays 407, Orlando: Eastern only
  "907": ["Pacific/Honolulu"], // no part of Alaska keeps Hawaii's time; the Aleutians are America/Adak
};
