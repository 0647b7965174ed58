// The one shape of every text the service says to people: English and Spanish side by side, keyed by a stable id.

export type Language = "en" | "es";

export type Translated = Record<Language, string>;
