/**
 * Chat text as sent; the server strips control characters and enforces {@link CHAT_MAX_LENGTH}.
 * In a file of its own so both the public chat event and the private messages (social-events)
 * share the limit without importing each other.
 */
export const CHAT_MAX_LENGTH = 200;
