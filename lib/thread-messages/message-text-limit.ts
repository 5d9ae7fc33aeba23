/** The most characters a person's message may have (the run route's bound; import holds archives to it). */
export const MESSAGE_TEXT_MAX_CHARS = 100_000;
