// What people decided about the area-code table beyond its data sets: each entry with its reason.

/** When the data sets below were read and compared with each other and with this file. */
export const READ_ON = "2026-11-28";

/**
 * Codes the NANPA-derived `areacodes` package lists that NANPA's report has as reserved, never
 * assigned (278 was planned for Michigan, 627 for California): not on the list.
 */
export const RESERVED_NOT_ASSIGNED: readonly string[] = ["278", "627"];

/**
 * Zones a code gets beyond NANPA's letters and the geocoding data: stricter (the window narrows),
 * kept from the table this one replaced.
 */
export const EXTRA_ZONES: Readonly<Record<string, readonly string[]>> = {
  "432": ["America/Denver"], // West Texas: Culberson County keeps Mountain time in practice (NANPA: C)
};

/** Zones the geocoding data gives a code that are wrong: removed, with the reason. */
export const WRONG_ZONES: Readonly<Record<string, readonly string[]>> = {
  "689": ["America/Chicago"], // overlays 407, Orlando: NANPA says E
  "907": ["Pacific/Honolulu"], // no part of Alaska keeps Hawaii's time; the Aleutians are America/Adak
};
