// Phone numbers of the North American Numbering Plan (+1) in the formats people type: US ones and the others.
import fc from "fast-check";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/** Real US area codes across the states (none is 555 or N11, none is shared with another country). */
export const US_AREA_CODES = [
  201, 202, 203, 205, 206, 207, 208, 209, 210, 212, 213, 214, 215, 216, 217, 218, 219, 224, 225, 228, 229,
  231, 234, 239, 240, 248, 251, 252, 253, 254, 256, 260, 262, 267, 269, 270, 281, 301, 302, 303, 304, 305,
  307, 308, 309, 310, 312, 313, 314, 315, 316, 317, 318, 319, 320, 321, 323, 325, 330, 334, 336, 337, 339,
  347, 351, 352, 360, 361, 385, 386, 401, 402, 404, 405, 406, 407, 408, 409, 410, 412, 413, 414, 415, 417,
  419, 423, 424, 425, 435, 440, 443, 469, 470, 475, 478, 479, 480, 484, 501, 502, 503, 504, 505, 507, 508,
  509, 510, 512, 513, 515, 516, 517, 518, 520, 530, 540, 541, 559, 561, 562, 563, 567, 570, 571, 573, 574,
  580, 585, 586, 601, 602, 603, 605, 606, 607, 608, 609, 610, 612, 614, 615, 616, 617, 618, 619, 620, 623,
  626, 630, 631, 636, 641, 646, 650, 651, 660, 661, 662, 678, 682, 701, 702, 703, 704, 706, 707, 708, 712,
  713, 714, 715, 716, 717, 718, 719, 720, 724, 727, 731, 732, 734, 740, 754, 757, 760, 763, 765, 770, 772,
  773, 774, 775, 781, 785, 786, 801, 802, 803, 804, 805, 806, 808, 810, 812, 813, 814, 815, 816, 817, 818,
  828, 830, 831, 832, 843, 845, 847, 848, 850, 856, 857, 858, 859, 860, 862, 863, 864, 865, 870, 872, 878,
  901, 903, 904, 906, 907, 908, 909, 910, 912, 913, 914, 915, 916, 917, 918, 919, 920, 925, 928, 931, 936,
  937, 940, 941, 947, 949, 951, 952, 954, 956, 970, 971, 972, 973, 978, 979, 980, 985, 989,
];

/** US territories that share +1: the spec accepts them as US. */
export const US_TERRITORY_AREA_CODES = [787, 939, 671, 670];

/** Canada: +1 but not US, refused with phone_not_us. */
export const CANADA_AREA_CODES = [
  204, 226, 236, 250, 289, 306, 343, 365, 403, 416, 418, 431, 437, 438, 450, 506, 514, 519, 548, 579, 581,
  587, 604, 613, 639, 647, 705, 709, 778, 780, 782, 807, 819, 825, 867, 873, 902, 905,
];

/** Other +1 countries (Bahamas, Barbados, Jamaica, Dominican Republic, Trinidad and Tobago, Bermuda). */
export const CARIBBEAN_AREA_CODES = [242, 246, 876, 809, 829, 868, 441];

/** Ten national digits: an exchange that is neither N11 nor 555, so no number is a service or fictional one. */
const nationalDigits = (areaCodes: number[]) =>
  fc
    .tuple(
      fc.constantFrom(...areaCodes),
      fc.integer({ min: 200, max: 999 }).filter((exchange) => exchange % 100 !== 11 && exchange !== 555),
      fc.integer({ min: 0, max: 9999 }),
    )
    .map(([area, exchange, line]) => `${area}${exchange}${String(line).padStart(4, "0")}`);

/** The ways people write one number; `d` is the ten national digits. */
const LAYOUTS: ((d: string) => string)[] = [
  (d) => `+1${d}`,
  (d) => `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  (d) => `+1 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d) => `+1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d) => `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
  (d) => `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  (d) => d,
  (d) => `1${d}`,
  (d) => `1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d) => `1 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
];

/** Extensions are dropped by the server: the stored number is the same. */
const EXTENSIONS = ["", "", "", " x123", " ext. 45", " ext 7", " #9"];

export interface GeneratedPhone {
  /** What the sender types. */
  raw: string;
  /** The ten national digits: E.164 is "+1" followed by them. */
  national: string;
}

const written = (areaCodes: number[]): fc.Arbitrary<GeneratedPhone> =>
  fc
    .tuple(
      nationalDigits(areaCodes),
      fc.constantFrom(...LAYOUTS),
      fc.constantFrom(...EXTENSIONS),
      fc.constantFrom("", " "),
    )
    .map(([national, layout, extension, padding]) => ({
      raw: `${padding}${layout(national)}${extension}${padding}`,
      national,
    }));

/**
 * Outside the states, libphonenumber's full metadata knows which exchanges exist: keep only numbers it calls
 * valid, so a refusal can only be about the country.
 */
const assigned = (phone: GeneratedPhone) =>
  parsePhoneNumberFromString(`+1${phone.national}`)?.isValid() === true;

/** A US number (mostly the states, sometimes a territory) in a common layout. */
export const usPhone: fc.Arbitrary<GeneratedPhone> = fc.oneof(
  { weight: 9, arbitrary: written(US_AREA_CODES) },
  { weight: 1, arbitrary: written(US_TERRITORY_AREA_CODES).filter(assigned) },
);

/** A valid +1 number of Canada or another +1 country: the server must refuse it as not US. */
export const nonUsNanpPhone: fc.Arbitrary<GeneratedPhone> = fc.oneof(
  { weight: 3, arbitrary: written(CANADA_AREA_CODES) },
  { weight: 1, arbitrary: written(CARIBBEAN_AREA_CODES).filter(assigned) },
);
