/** The suggestions follow the live probability's pace (docs/spec/product-spec.md §9: 30 s), which they are built on. */
export const SUGGESTIONS_POLL_MS = 30_000
