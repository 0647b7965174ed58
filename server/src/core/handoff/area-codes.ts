// US area code → IANA time zones: where a number's person may be. Several zones: the area code spans them.
import { areaCodesOfState } from "../nanpa-area-codes.ts";

const EASTERN = "America/New_York";
const CENTRAL = "America/Chicago";
const MOUNTAIN = "America/Denver";
const PACIFIC = "America/Los_Angeles";

/**
 * The zones of every code on NANPA's list (`nanpa-area-codes.ts`; the test checks both lists hold the
 * same codes). Where a code covers counties in two zones, both are listed and the caller uses the
 * window common to all of them, so a call is never early or late for anyone.
 */
const ZONES_BY_CODES: [zones: string[], codes: string][] = [
  [
    [EASTERN],
    // CT DE DC FL GA ME MD MA NH NJ NY NC OH PA RI SC VT VA WV (and the Eastern-only codes of KY, TN).
    "203 475 860 959 302 202 771 239 305 321 324 352 386 407 561 645 656 689 727 728 754 772 786 813 863 904 941 954 " +
      "229 404 470 478 678 706 762 770 912 943 207 227 240 301 410 443 667 339 351 413 508 617 774 781 857 978 603 " +
      "201 551 609 640 732 848 856 862 908 973 212 315 329 332 347 363 516 518 585 607 624 631 646 680 716 718 838 " +
      "845 914 917 929 934 252 336 472 704 743 828 910 919 980 984 216 220 234 283 326 330 380 419 436 440 513 567 " +
      "614 740 937 215 223 267 272 412 445 484 570 582 610 717 724 814 835 878 401 803 839 843 854 864 802 276 434 " +
      "540 571 686 703 757 804 826 948 304 681 502 859 865 821",
  ],
  // Indiana, Michigan: their own IANA names (history differs), same rules today.
  [["America/Indiana/Indianapolis"], "260 317 463 765"],
  [["America/Detroit"], "231 248 269 313 517 586 616 679 734 810 947 989"],
  [
    [CENTRAL],
    // AL AR IL IA LA MN MS MO OK WI, most of TX, Middle and West TN, eastern KS and NE.
    "205 251 256 334 659 938 327 479 501 870 217 224 309 312 331 447 464 618 630 708 730 773 779 815 847 861 872 " +
      "319 515 563 641 712 225 318 337 504 985 218 320 507 612 651 763 952 228 601 662 769 314 417 557 573 636 660 " +
      "816 975 405 539 572 580 918 262 274 414 534 608 715 920 210 214 254 281 325 346 361 409 430 469 512 682 713 " +
      "726 737 806 817 830 832 903 936 940 945 956 972 979 615 629 731 901 316 913 402 531 235 353 457 483 924",
  ],
  [[MOUNTAIN], "303 719 720 748 970 983 406 505 575 385 435 801 307 915"],
  [["America/Phoenix"], "480 520 602 623"],
  [
    [PACIFIC],
    "209 213 279 310 323 341 350 357 369 408 415 424 442 510 530 559 562 619 626 628 650 657 661 669 707 714 738 747 760 805 818 820 831 837 840 858 909 916 925 949 951 702 725 503 971 206 253 360 425 509 564",
  ],
  [["America/Anchorage", "America/Adak"], "907"],
  [["Pacific/Honolulu"], "808"],
  // Split codes: counties on both sides of a zone line.
  [[EASTERN, CENTRAL], "850 448 606 270 364 423 931"], // FL panhandle, KY, TN
  [["America/Indiana/Indianapolis", CENTRAL], "219 574 812 930"], // north-west and south-west Indiana
  [["America/Detroit", "America/Menominee"], "906"], // Upper Peninsula
  [[CENTRAL, MOUNTAIN], "620 785 308 605 701 432"], // western KS, NE, SD, ND; west Texas
  [["America/Boise", PACIFIC], "208 986"], // Idaho's panhandle is Pacific
  [[PACIFIC, "America/Boise"], "541 458"], // Oregon's Malheur County is Mountain
  [[PACIFIC, MOUNTAIN], "775"], // Nevada's West Wendover is Mountain
  [["America/Phoenix", MOUNTAIN], "928"], // the Navajo Nation observes daylight saving time
  // Territories that share +1 and count as US (see the spec's phone rule).
  [["America/Puerto_Rico"], "787 939"],
  [["America/St_Thomas"], "340"],
  [["Pacific/Guam"], "671"],
  [["Pacific/Saipan"], "670"],
  [["Pacific/Pago_Pago"], "684"],
];

function buildTable(): ReadonlyMap<string, readonly string[]> {
  const table = new Map<string, readonly string[]>();
  for (const [zones, codes] of ZONES_BY_CODES) {
    for (const code of codes.split(/\s+/).filter(Boolean)) {
      // A code listed twice would silently lose one of its zones.
      if (table.has(code)) throw new Error(`area code ${code} is listed twice`);
      table.set(code, zones);
    }
  }
  return table;
}

const AREA_CODE_ZONES = buildTable();

/** The area code of a NANP number in E.164 ("+1" and ten digits); undefined for anything else. */
export function areaCodeOf(e164: string | null): string | undefined {
  return e164 ? /^\+1([2-9]\d{2})\d{7}$/.exec(e164)?.[1] : undefined;
}

/**
 * The zones of a US phone number's area code, or undefined when the code is unknown or non-geographic.
 *
 * @example zonesOfPhone("+14155552671") // ["America/Los_Angeles"]
 */
export function zonesOfPhone(e164: string): readonly string[] | undefined {
  const code = areaCodeOf(e164);
  return code ? AREA_CODE_ZONES.get(code) : undefined;
}

const zonesByState = new Map<string, readonly string[]>();

/**
 * Every zone a state's area codes lie in: where a person of that state may be.
 *
 * @example zonesOfState("FL") // ["America/New_York", "America/Chicago"]
 */
export function zonesOfState(state: string): readonly string[] {
  const codes = areaCodesOfState(state);
  if (!codes) return [];
  let zones = zonesByState.get(state);
  if (!zones) {
    zones = [...new Set(codes.flatMap((code) => AREA_CODE_ZONES.get(code) ?? []))];
    // Bounded: only the states on NANPA's list are kept.
    zonesByState.set(state, zones);
  }
  return zones;
}

/** Every area code in the table with its zones (tests check each zone is a real IANA name). */
export function areaCodeTable(): ReadonlyMap<string, readonly string[]> {
  return AREA_CODE_ZONES;
}
