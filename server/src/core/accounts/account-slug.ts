// The shape of an account slug: lowercase letters, digits, - and _, at most 63 characters.
export const ACCOUNT_SLUG = /^[a-z0-9][a-z0-9_-]{0,62}$/;
