// Text fit for a terminal: control characters in stored values (a token's name, a note) are shown as \u escapes,
// never sent raw, so a name cannot move the cursor, recolour the screen or fake a line of output.

/** C0 (newline included: one print is one line), DEL, C1, and the bidirectional overrides that reorder text. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * In JSON output the escape is the same JSON string value, so machine-read lines stay valid and equal.
 *
 * @example terminalText("Web\u001b[2Jform") // "Web\\u001b[2Jform"
 */
export const terminalText = (text: string) =>
  text.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
