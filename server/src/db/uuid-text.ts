// Ids arrive as text from URLs: checked before they reach a uuid parameter, which would fail the statement.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** @example isUuid("not-an-id") // false */
export const isUuid = (text: string) => UUID.test(text);
